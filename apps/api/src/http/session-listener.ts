import pg from 'pg';
import { LIVE_CHANNEL } from '@vaultdesk/contract';
import type { SessionCache } from './auth';

/** The channel migration 0026's triggers notify on every change the session lookup can see. */
export const SESSION_CHANGE_CHANNEL = 'staff_session_change';

export type SessionListenerOptions = {
  /** Wait before listening again after the connection is lost or cannot be opened. */
  retryMs?: number;
  /** A `SELECT 1` on the listening connection this often, so a silently dead link is noticed. */
  heartbeatMs?: number;
  log?: (msg: string) => void;
};

/**
 * What else the same connection feeds: the live screens (migration 0030 and `notifyLive`). One
 * listening connection per process serves the session cache and every open live stream.
 */
export type ListenerFeeds = {
  /** A live topic's change committed somewhere (the payload of a LIVE_CHANNEL notification). */
  live?: (topic: string) => void;
  /** A session, account or role changed somewhere (after the cache was emptied). */
  sessionChange?: () => void;
  /** Listening again after the connection was lost: whatever was notified meanwhile was missed. */
  relisten?: () => void;
};

export type SessionListener = {
  listening: () => boolean;
  /** Notifications received on the channel since start. */
  received: () => number;
  /** Server process of the listening connection, null while not listening. */
  pid: () => number | null;
  /** Resolves once listening (at once if listening now). */
  whenListening: () => Promise<void>;
  /** Resolves at the next notification received. */
  nextNotification: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * One dedicated connection per API process, outside the request pool, LISTENing on the session
 * change channel and the live screens' channel: each session notification (sent at the commit of
 * a change made by any process) empties this process's session cache; a live one goes to `feeds`
 * (the open live streams), so streams never cost a connection each. While it is not listening (before the first LISTEN, after the
 * connection drops, until LISTEN succeeds again) the cache is bypassed: every request reads its
 * session from PostgreSQL, so no change can be missed. It reconnects every `retryMs` until closed.
 */
export async function startSessionListener(pool: pg.Pool, cache: SessionCache, opts: SessionListenerOptions = {}, feeds: ListenerFeeds = {}): Promise<SessionListener> {
  const retryMs = opts.retryMs ?? 1_000;
  const heartbeatMs = opts.heartbeatMs ?? 5_000;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let received = 0;
  let retry: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let listenWaiters: Array<() => void> = [];
  let notifyWaiters: Array<() => void> = [];
  let listenedBefore = false;
  cache.bypass(true);

  const lost = (c: pg.Client, why: string) => {
    if (client !== c) return; // already handled (an error is often followed by an end)
    client = null;
    listening = false;
    cache.bypass(true);
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (closed) return;
    opts.log?.(`session listener: ${why}; the session cache is bypassed until it listens again`);
    // Unref'd: a retry pending alone does not keep a process alive that is otherwise done.
    retry = setTimeout(() => void connect(), retryMs);
    retry.unref();
  };

  const connect = async () => {
    retry = null;
    if (closed) return;
    const c = new pg.Client({
      ...(pool.options as pg.ClientConfig),
      application_name: 'vaultdesk-session-listener',
      keepAlive: true,
      query_timeout: heartbeatMs,
    });
    client = c;
    c.on('error', (err) => lost(c, `connection error (${err.message})`));
    c.on('end', () => lost(c, 'connection ended'));
    c.on('notification', (msg) => {
      if (msg.channel === LIVE_CHANNEL) {
        if (msg.payload) feeds.live?.(msg.payload);
        return;
      }
      if (msg.channel !== SESSION_CHANGE_CHANNEL) return;
      received++;
      cache.clear();
      feeds.sessionChange?.();
      const waiters = notifyWaiters;
      notifyWaiters = [];
      for (const w of waiters) w();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${SESSION_CHANGE_CHANNEL}`);
      await c.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (err) {
      lost(c, `cannot listen (${(err as Error).message})`);
      return;
    }
    if (client !== c || closed) return;
    listening = true;
    // Changes missed while not listening: whatever was kept before is dropped again (bypass
    // kept nothing), and a lookup begun before this point is not kept.
    cache.bypass(false);
    heartbeat = setInterval(() => {
      c.query('SELECT 1').catch((err: Error) => lost(c, `heartbeat failed (${err.message})`));
    }, heartbeatMs);
    heartbeat.unref();
    if (listenedBefore) feeds.relisten?.();
    listenedBefore = true;
    const waiters = listenWaiters;
    listenWaiters = [];
    for (const w of waiters) w();
  };

  await connect();

  return {
    listening: () => listening,
    received: () => received,
    pid: () => (listening ? ((client as unknown as { processID?: number } | null)?.processID ?? null) : null),
    whenListening: () => (listening ? Promise.resolve() : new Promise((r) => listenWaiters.push(r))),
    nextNotification: () => new Promise((r) => notifyWaiters.push(r)),
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const c = client;
      client = null;
      listening = false;
      cache.bypass(true);
      if (c) await c.end().catch(() => undefined);
    },
  };
}
