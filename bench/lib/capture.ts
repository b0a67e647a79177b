import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { closeDb, createDb } from '@vaultdesk/db';
import { buildApp } from '../../apps/api/src/app';
import type { Config } from '../../apps/api/src/config/config';
import { SESSION_SQL } from '../../apps/api/src/http/auth';

/**
 * A statement as the call sent it: `name` when it is a prepared (named) statement, `generic` when
 * it ran on a session that forces generic plans (`Db.$generic`).
 */
export type Query = { text: string; values: unknown[]; rowMode?: 'array'; name?: string; generic?: true };

/**
 * Finds out which SQL a call runs, so the bare-SQL side runs exactly that and nobody has to
 * copy it by hand: the call is made through the real app, in process, with every statement it
 * sends to PostgreSQL recorded. Only the call's own statements: the recording follows the
 * request's async context, so the app's background work (the list-anchor check at start-up, a
 * sweep) is not mistaken for the call's. The call is made twice and the second time is kept:
 * the steady state the load runs see (a call that reuses totals sends their SQL only once). The
 * auth guard's session lookup is left out: it belongs to the request pipeline, not to the call.
 */
export async function createCapturer(config: Config, databaseUrl: string) {
  const context = new AsyncLocalStorage<Query[]>();
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const recording = context.getStore();
    if (recording) {
      const [first, second] = args;
      const q: Query =
        typeof first === 'string'
          ? { text: first, values: Array.isArray(second) ? second : [] }
          : {
              text: (first as { text: string }).text,
              values: (first as { values?: unknown[] }).values ?? (Array.isArray(second) ? second : []),
              ...((first as { rowMode?: string }).rowMode === 'array' ? { rowMode: 'array' as const } : {}),
              ...((first as { name?: string }).name ? { name: (first as { name: string }).name } : {}),
            };
      if (
        String(
          (this as unknown as { connectionParameters?: { options?: string } }).connectionParameters?.options ?? '',
        ).includes('force_generic_plan')
      )
        q.generic = true;
      if (q.text !== SESSION_SQL) recording.push(q);
    }
    return original.apply(this, args);
  };
  // Room for a call's statements and the app's background work at once: a statement that waits
  // for a free connection is sent from another's context and would be missed.
  const db = createDb(databaseUrl, 8);
  const app = await buildApp({ config, db, jobs: null, logger: false });
  return {
    async capture(path: string, token: string): Promise<{ status: number; queries: Query[]; body: string }> {
      const once = async () => {
        const queries: Query[] = [];
        // Awaited inside run(): inject only starts the request when it is awaited.
        const res = await context.run(
          queries,
          async () => await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } }),
        );
        return { status: res.statusCode, queries, body: res.body };
      };
      const first = await once();
      return first.status === 200 ? once() : first;
    },
    async close() {
      proto.query = original;
      await app.close();
      await closeDb(db);
    },
  };
}
