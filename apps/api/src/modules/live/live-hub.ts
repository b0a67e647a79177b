import { PassThrough } from 'node:stream';
import { LIVE_EVENTS, LIVE_HEARTBEAT_MS, LIVE_TOPICS, type LiveTopic } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { loadSessionsByIds, type AuthState } from '../../http/auth';

/** A stream whose client reads nothing (its socket's buffers full) is ended past this many bytes waiting. */
const MAX_BUFFERED = 64 * 1024;
/** setTimeout's limit: a session ending further ahead is checked again at each session change anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type Stream = {
  sessionId: string;
  topics: ReadonlySet<LiveTopic>;
  out: PassThrough;
  expiry: NodeJS.Timeout;
};

export type LiveHub = ReturnType<typeof createLiveHub>;

const frame = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * This process's open live streams. Fed by the process's one listening connection
 * (change-listener/session-listener.ts): a topic's notification is written to the streams following it, a
 * session change has every stream's session looked up again (a signed-out, disabled or demoted
 * session's stream is ended), and a listener that listens again after losing its connection
 * tells every stream to refetch everything (notifications sent meanwhile were missed).
 */
export function createLiveHub(db: Db, opts: { heartbeatMs?: number; log?: (msg: string, err?: unknown) => void } = {}) {
  const streams = new Set<Stream>();
  let checking: Promise<void> | null = null;
  let checkAgain = false;

  const end = (s: Stream) => {
    if (!streams.delete(s)) return;
    clearTimeout(s.expiry);
    s.out.end();
  };
  const write = (s: Stream, text: string) => {
    if (s.out.writableLength > MAX_BUFFERED) return end(s);
    s.out.write(text);
  };

  const heartbeat = setInterval(() => {
    for (const s of streams) write(s, ': heartbeat\n\n');
  }, opts.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  heartbeat.unref();

  const recheck = async () => {
    const open = [...streams];
    let valid: Map<string, AuthState>;
    try {
      valid = await loadSessionsByIds(db, [...new Set(open.map((s) => s.sessionId))]);
    } catch (err) {
      // The database could not say: the streams stay until the next change or their session's expiry.
      opts.log?.("live: the open streams' sessions could not be checked", err);
      return;
    }
    for (const s of open) {
      const auth = valid.get(s.sessionId);
      if (
        !auth ||
        !auth.twoFactorPassed ||
        [...s.topics].some((t) => !auth.permissions.includes(LIVE_TOPICS[t].permission))
      )
        end(s);
    }
  };

  return {
    /** Starts a stream for these topics; `expiresAt` is the session's end, when the stream ends too. */
    open(sessionId: string, topics: readonly LiveTopic[], expiresAt: Date) {
      const out = new PassThrough();
      const s: Stream = {
        sessionId,
        topics: new Set(topics),
        out,
        expiry: setTimeout(() => end(s), Math.min(MAX_TIMER_MS, Math.max(0, expiresAt.getTime() - Date.now()))),
      };
      s.expiry.unref();
      streams.add(s);
      out.write(frame(LIVE_EVENTS.ready, { topics }));
      return { out, close: () => end(s) };
    },
    publish(topic: string) {
      const data = frame(LIVE_EVENTS.change, { topic });
      for (const s of streams) if (s.topics.has(topic as LiveTopic)) write(s, data);
    },
    resync() {
      for (const s of streams) write(s, frame(LIVE_EVENTS.resync, {}));
    },
    /** Looks every open stream's session up again (coalesced: one more round if changes arrive meanwhile). */
    sessionsChanged(): Promise<void> {
      if (checking) {
        checkAgain = true;
        return checking;
      }
      checking = (async () => {
        do {
          checkAgain = false;
          await recheck();
        } while (checkAgain);
      })().finally(() => {
        checking = null;
      });
      return checking;
    },
    size: () => streams.size,
    /** Ends every stream (shutdown): the server can then close without waiting for the pages. */
    closeAll() {
      clearInterval(heartbeat);
      for (const s of [...streams]) end(s);
    },
  };
}
