import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { LIVE_CHANNEL } from '@vaultdesk/contract';
import type { SessionCache } from '../http/auth';

/** The channel migration 0026's triggers notify on every change the session lookup can see. */
export const SESSION_CHANGE_CHANNEL = 'staff_session_change';
/** A sync round's marker on the change channel is `sync:<id>`; each listener answers `<id>` here. */
export const SESSION_ACK_CHANNEL = 'staff_session_ack';
const SYNC_PREFIX = 'sync:';
export const LISTENER_APPLICATION_NAME = 'vaultdesk-session-listener';

export type SessionListenerOptions = {
  /** Wait before listening again after the connection is lost or cannot be opened. */
  retryMs?: number;
  /** A `SELECT 1` on the listening connection this often, so a silently dead link is noticed. */
  heartbeatMs?: number;
  /** The longest a change's answer waits for the other instances' acknowledgements (sync). */
  syncTimeoutMs?: number;
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
  /**
   * After a change has committed, before its answer leaves: waits until every instance's listener
   * has read the notifications committed so far (so has emptied its cache for this change). How:
   * a `sync:<id>` marker is notified on the change channel after the change's commit; PostgreSQL
   * delivers notifications to each listener in commit order, so a listener that acknowledges the
   * marker has handled the change before it. Waits for the listeners PostgreSQL shows connected,
   * at most `syncTimeoutMs` (an instance that does not answer by then is stalled or dying; the
   * answer then leaves, and the log says so). Skipped while this instance is not listening.
   */
  sync: () => Promise<{ waitedFor: number; acknowledged: number; timedOut: boolean } | null>;
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
export async function startSessionListener(
  pool: pg.Pool,
  cache: SessionCache,
  opts: SessionListenerOptions = {},
  feeds: ListenerFeeds = {},
): Promise<SessionListener> {
  const retryMs = opts.retryMs ?? 1_000;
  const heartbeatMs = opts.heartbeatMs ?? 5_000;
  const syncTimeoutMs = opts.syncTimeoutMs ?? 1_000;
  /** Sync rounds of this instance waiting for acknowledgements: listener backend pids that answered, and the check. */
  const rounds = new Map<string, { acked: Set<number>; check: () => void }>();
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
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      query_timeout: heartbeatMs,
    });
    client = c;
    c.on('error', (err) => lost(c, `connection error (${err.message})`));
    c.on('end', () => lost(c, 'connection ended'));
    c.on('notification', (msg) => {
      if (msg.channel === SESSION_ACK_CHANNEL) {
        const round = rounds.get(msg.payload ?? '');
        if (round) {
          round.acked.add(msg.processId);
          round.check();
        }
        return;
      }
      if (msg.channel === LIVE_CHANNEL) {
        if (msg.payload) feeds.live?.(msg.payload);
        return;
      }
      if (msg.channel !== SESSION_CHANGE_CHANNEL) return;
      if (msg.payload?.startsWith(SYNC_PREFIX)) {
        // Every notification before this one has been handled: say so to the instance waiting.
        c.query('SELECT pg_notify($1, $2)', [SESSION_ACK_CHANNEL, msg.payload.slice(SYNC_PREFIX.length)]).catch(
          (err: Error) => opts.log?.(`session listener: could not acknowledge a sync (${err.message})`),
        );
        return;
      }
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
      await c.query(`LISTEN ${SESSION_ACK_CHANNEL}`);
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
    sync: async () => {
      if (!listening || closed) return null;
      const id = randomUUID();
      let expected: number[] | null = null;
      let finish: (timedOut: boolean) => void = () => undefined;
      const done = new Promise<boolean>((resolve) => {
        finish = resolve;
      });
      const round = {
        acked: new Set<number>(),
        check: () => {
          if (expected && expected.every((p) => round.acked.has(p))) finish(false);
        },
      };
      rounds.set(id, round);
      const timer = setTimeout(() => finish(true), syncTimeoutMs);
      try {
        // The marker and the listeners connected now, in one statement (committed after the change).
        const { rows } = await pool.query<{ pids: number[] }>(
          `SELECT array(SELECT pid FROM pg_stat_activity WHERE application_name = $3 AND datname = current_database())::int[] AS pids, pg_notify($1, $2)`,
          [SESSION_CHANGE_CHANNEL, SYNC_PREFIX + id, LISTENER_APPLICATION_NAME],
        );
        expected = rows[0]?.pids ?? [];
        round.check();
        const timedOut = await done;
        if (timedOut)
          opts.log?.(
            `session listener: ${expected.length - [...round.acked].filter((p) => expected!.includes(p)).length} of ${expected.length} instances did not acknowledge a change within ${syncTimeoutMs} ms`,
          );
        return {
          waitedFor: expected.length,
          acknowledged: [...round.acked].filter((p) => expected!.includes(p)).length,
          timedOut,
        };
      } finally {
        clearTimeout(timer);
        rounds.delete(id);
      }
    },
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
