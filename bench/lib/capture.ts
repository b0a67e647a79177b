import pg from 'pg';
import { createDb } from '@vaultdesk/db';
import { buildApp } from '../../apps/api/src/app';
import type { Config } from '../../apps/api/src/config/config';
import { SESSION_SQL } from '../../apps/api/src/http/auth';

/** A statement as the call sent it: `name` when it is a prepared (named) statement. */
export type Query = { text: string; values: unknown[]; rowMode?: 'array'; name?: string };

/**
 * Finds out which SQL a call runs, so the bare-SQL side runs exactly that and nobody has to
 * copy it by hand: the call is made once through the real app, in process, with every statement
 * sent to PostgreSQL recorded. The auth guard's session lookup is left out: it belongs to the
 * request pipeline, not to the call.
 */
export async function createCapturer(config: Config, databaseUrl: string) {
  let recording: Query[] | null = null;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      const [first, second] = args;
      const q: Query = typeof first === 'string'
        ? { text: first, values: Array.isArray(second) ? second : [] }
        : {
            text: (first as { text: string }).text,
            values: (first as { values?: unknown[] }).values ?? (Array.isArray(second) ? second : []),
            ...((first as { rowMode?: string }).rowMode === 'array' ? { rowMode: 'array' as const } : {}),
            ...((first as { name?: string }).name ? { name: (first as { name: string }).name } : {}),
          };
      if (q.text !== SESSION_SQL) recording.push(q);
    }
    return original.apply(this, args);
  };
  const db = createDb(databaseUrl, 2);
  const app = await buildApp({ config, db, jobs: null, logger: false });
  return {
    async capture(path: string, token: string): Promise<{ status: number; queries: Query[]; body: string }> {
      recording = [];
      try {
        const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
        return { status: res.statusCode, queries: recording, body: res.body };
      } finally {
        recording = null;
      }
    },
    async close() {
      proto.query = original;
      await app.close();
      await db.$client.end();
    },
  };
}
