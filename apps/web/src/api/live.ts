import { API_BASE, LIVE_EVENTS, liveTicket, type LiveTopic } from '@vaultdesk/contract';
import { apiRequest, ApiError } from './client';

/** What the live connection needs of an EventSource (the browser's, or a stand-in in tests). */
export type EventSourceLike = {
  addEventListener: (type: string, listener: (event: MessageEvent) => void) => void;
  onerror: ((event: Event) => void) | null;
  close: () => void;
};
export type EventSourceFactory = (url: string) => EventSourceLike;

export type LiveConnectionOptions = {
  topics: readonly LiveTopic[];
  /** A topic's change committed somewhere: refetch what shows it. */
  onChange: (topic: LiveTopic) => void;
  /** Anything may have changed (the stream was down for a while, or the server lost changes): refetch all. */
  onResync: () => void;
  /** A ticket for these topics; by default `GET /v1/admin/live/ticket` with the session's bearer token. */
  getTicket?: (topics: readonly LiveTopic[]) => Promise<string>;
  openEventSource?: EventSourceFactory;
  /** Where the API is ('' in the browser: the same origin, so the CSP's connect-src 'self' holds). */
  origin?: string;
  /** Reconnection waits: the first, doubled per failure up to the last, each with jitter. */
  retry?: { firstMs: number; maxMs: number };
  /** For tests and a status dot: open (the server said `ready`) or waiting to reconnect. */
  onState?: (state: 'open' | 'reconnecting' | 'stopped') => void;
};

const fetchTicket = async (topics: readonly LiveTopic[]) =>
  (await apiRequest('admin/live/ticket', liveTicket, { query: { topics: topics.join(',') } })).data.ticket;

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
  const { topics, onChange, onResync, getTicket = fetchTicket, origin = '', onState } = options;
  const openEventSource: EventSourceFactory = options.openEventSource ?? ((url) => new EventSource(url));
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
      if (error instanceof ApiError && [400, 401, 403].includes(error.status)) {
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
