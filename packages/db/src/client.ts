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

/** The connections of each pool handed out and not given back (a query or transaction on them). */
const checkedOut = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

function newPool(url: string, max: number, options?: string) {
  const pool = new pg.Pool({ connectionString: url, max, ...(options ? { options } : {}) });
  const busy = new Set<pg.PoolClient>();
  checkedOut.set(pool, busy);
  pool.on('acquire', (client) => busy.add(client));
  pool.on('release', (_err, client) => busy.delete(client));
  pool.on('remove', (client) => busy.delete(client as pg.PoolClient));
  // An idle connection the server ends (a restart, a shutdown, a dropped test database) is an
  // 'error' on the pool: without a listener it would bring the whole process down. The pool
  // discards that client and opens a new one on the next query.
  pool.on('error', (err) => {
    if (process.env.NODE_ENV !== 'test') console.error('[db] idle connection lost:', err.message);
  });
  return pool;
}

/**
 * PostgreSQL's own limits for every session of a pool (ms; 0 or unset: none): a statement running
 * longer is cancelled (error 57014), a session idle inside an open transaction longer is ended
 * (25P03), so a stuck request or job cannot hold locks and connections for ever.
 */
export type SessionTimeouts = { statementMs?: number; idleInTransactionMs?: number };

/** The libpq `options` that set these limits at connection start ('' when none). */
export function timeoutOptions(t: SessionTimeouts = {}) {
  return [
    t.statementMs ? `-c statement_timeout=${Math.round(t.statementMs)}` : '',
    t.idleInTransactionMs ? `-c idle_in_transaction_session_timeout=${Math.round(t.idleInTransactionMs)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function createDb(url: string, max = 10, timeouts?: SessionTimeouts): Db {
  const limits = timeoutOptions(timeouts);
  const db = drizzle(newPool(url, max, limits || undefined), { schema }) as Db;
  db.$generic = newPool(url, max, `-c plan_cache_mode=force_generic_plan${limits ? ` ${limits}` : ''}`);
  return db;
}

/**
 * Cancels the statements running on both pools' connections now (PostgreSQL's pg_cancel_backend,
 * from a connection of their own: a role may cancel its own sessions). Each cancelled statement
 * fails with 57014 and its transaction rolls back, so `closeDb` can end the pools. Answers how many
 * were cancelled; a database that cannot be reached cancels nothing.
 */
export async function cancelRunning(db: Db): Promise<number> {
  const pids = [db.$client, db.$generic].flatMap((pool) =>
    [...(checkedOut.get(pool) ?? [])].map((c) => (c as pg.PoolClient & { processID?: number }).processID),
  );
  const ids = pids.filter((pid): pid is number => typeof pid === 'number');
  if (!ids.length) return 0;
  const client = new pg.Client({ connectionString: db.$client.options.connectionString });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*) FILTER (WHERE pg_cancel_backend(pid))::int AS n FROM unnest($1::int[]) AS pid',
      [ids],
    );
    return rows[0]?.n ?? 0;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Ends both pools (after the last query). */
export async function closeDb(db: Db) {
  await Promise.all([db.$client.end(), db.$generic.end()]);
}
