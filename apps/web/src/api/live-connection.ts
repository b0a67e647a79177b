import { API_BASE, LIVE_EVENTS, type LiveTopic } from '@vaultdesk/contract';

/**
 * What the live connection needs of an EventSource: the browser's (api/live.ts), or a stand-in
 * over fetch in the API's tests, which run this very code against real servers. This file uses
 * nothing of the DOM, so both the web app and those tests compile it.
 */
export type EventSourceLike = {
  addEventListener: (type: string, listener: (event: { data: unknown }) => void) => void;
  onerror: ((event: never) => void) | null;
  close: () => void;
};
export type EventSourceFactory = (url: string) => EventSourceLike;

export type LiveConnectionOptions = {
  topics: readonly LiveTopic[];
  /** A topic's change committed somewhere: refetch what shows it. */
  onChange: (topic: LiveTopic) => void;
  /** Anything may have changed (the stream was down for a while, or the server lost changes): refetch all. */
  onResync: () => void;
  /** A ticket for these topics (the web app: `GET /v1/admin/live/ticket` with the session's bearer token). */
  getTicket: (topics: readonly LiveTopic[]) => Promise<string>;
  openEventSource: EventSourceFactory;
  /** Where the API is ('' in the browser: the same origin, so the CSP's connect-src 'self' holds). */
  origin?: string;
  /** Reconnection waits: the first, doubled per failure up to the last, each with jitter. */
  retry?: { firstMs: number; maxMs: number };
  /** For tests and a status dot: open (the server said `ready`) or waiting to reconnect. */
  onState?: (state: 'open' | 'reconnecting' | 'stopped') => void;
};

/** The HTTP status of a refused call (the web client's ApiError carries one), if any. */
const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : null;

/**
 * One live stream for some topics, kept open until `close()`. The browser's EventSource cannot
 * send the bearer token, so each (re)connection first asks for a short-lived ticket with it.
 * When the stream fails or ends (the API restarting, a network drop, a proxy's timeout) the
 * EventSource is closed (its own retry would reuse a spent ticket) and a new ticket is asked for
 * after a growing wait (0.5 s, 1 s, 2 s ... 15 s, with jitter, so a restarted API is not hit by
 * every page at once). Once open again, `onResync` runs: changes made while it was down were
 * missed. It stops for good when the session is gone (401: the client signs out) or the role may
 * no longer read a topic (403).
 */
export function connectLive(options: LiveConnectionOptions): { close: () => void } {
  const { topics, onChange, onResync, getTicket, openEventSource, origin = '', onState } = options;
  const { firstMs, maxMs } = options.retry ?? { firstMs: 500, maxMs: 15_000 };
  let closed = false;
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let openedBefore = false;

  const stop = () => {
    closed = true;
    if (timer) clearTimeout(timer);
    timer = null;
    source?.close();
    source = null;
  };

  const retryLater = () => {
    if (closed) return;
    const wait = Math.min(maxMs, firstMs * 2 ** failures) * (0.75 + Math.random() * 0.5);
    failures++;
    onState?.('reconnecting');
    timer = setTimeout(() => void connect(), wait);
  };

  const connect = async () => {
    timer = null;
    if (closed) return;
    let ticket: string;
    try {
      ticket = await getTicket(topics);
    } catch (error) {
      // No session (the client has signed out), a topic the role may not read, or a bad request: retrying cannot help.
      if ([400, 401, 403].includes(statusOf(error) ?? 0)) {
        stop();
        onState?.('stopped');
        return;
      }
      retryLater();
      return;
    }
    if (closed) return;
    const query = new URLSearchParams({ topics: topics.join(','), ticket });
    const es = openEventSource(`${origin}${API_BASE}/admin/live?${query.toString()}`);
    source = es;
    es.addEventListener(LIVE_EVENTS.ready, () => {
      if (source !== es) return;
      failures = 0;
      onState?.('open');
      if (openedBefore) onResync();
      openedBefore = true;
    });
    es.addEventListener(LIVE_EVENTS.change, (event) => {
      if (source !== es) return;
      try {
        const { topic } = JSON.parse(String(event.data)) as { topic: LiveTopic };
        if (topics.includes(topic)) onChange(topic);
      } catch {
        // Not ours to parse: refetching everything is the safe answer.
        onResync();
      }
    });
    es.addEventListener(LIVE_EVENTS.resync, () => {
      if (source === es) onResync();
    });
    es.onerror = () => {
      if (source !== es) return;
      es.close();
      source = null;
      retryLater();
    };
  };

  void connect();
  return { close: stop };
}
