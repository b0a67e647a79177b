import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index';

// numeric and int8 stay strings/numbers as chosen: money is never a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server ends (a restart, a shutdown, a dropped test database) is an
  // 'error' on the pool: without a listener it would bring the whole process down. The pool
  // discards that client and opens a new one on the next query.
  pool.on('error', (err) => {
    if (process.env.NODE_ENV !== 'test') console.error('[db] idle connection lost:', err.message);
  });
  return drizzle(pool, { schema }) as Db;
}
