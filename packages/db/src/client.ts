import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

// numeric and int8 stay strings/numbers as chosen: money is never a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * `$client` is the pool every query uses. `$generic` is a second pool (as large, opened as needed) whose sessions
 * always run a prepared statement on its cached generic plan (`plan_cache_mode =
 * force_generic_plan`): for the few hot list statements whose planning costs more than their
 * run and for which PostgreSQL would otherwise go on choosing a custom plan every call (see
 * `genericRows` in prepared.ts). Both open their connections on first use only.
 */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool; $generic: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function newPool(url: string, max: number, options?: string) {
  const pool = new pg.Pool({ connectionString: url, max, ...(options ? { options } : {}) });
  // An idle connection the server ends (a restart, a shutdown, a dropped test database) is an
  // 'error' on the pool: without a listener it would bring the whole process down. The pool
  // discards that client and opens a new one on the next query.
  pool.on('error', (err) => {
    if (process.env.NODE_ENV !== 'test') console.error('[db] idle connection lost:', err.message);
  });
  return pool;
}

export function createDb(url: string, max = 10): Db {
  const db = drizzle(newPool(url, max), { schema }) as Db;
  db.$generic = newPool(url, max, '-c plan_cache_mode=force_generic_plan');
  return db;
}

/** Ends both pools (after the last query). */
export async function closeDb(db: Db) {
  await Promise.all([db.$client.end(), db.$generic.end()]);
}
