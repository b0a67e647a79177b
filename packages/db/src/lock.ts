import pg from 'pg';
import type { Db } from './client';

/**
 * The PostgreSQL advisory locks Vaultdesk's start-up takes, as (class, id) pairs: the class
 * 0x56445348 ("VDSH") is Vaultdesk's, the id names the step. Everyone who runs one of these steps
 * on the database, in any process on any machine, takes its lock first.
 */
export const ADVISORY_LOCKS = {
  /** Applying the migrations (runMigrations). */
  migrations: 1,
  /** An instance's whole start-up preparation: migrations, built-in roles, demo staff and data. */
  startup: 2,
  /** Creating a pg-boss queue (each worker creates every queue it works on at its start). */
  jobQueues: 3,
} as const;
const LOCK_CLASS = 0x56445348;

/**
 * Runs `fn` while this session holds the advisory lock `name`, waiting for whoever holds it. The
 * lock lives on a connection of its own (not one of the pool's, so a small pool cannot starve
 * `fn`), and goes with that connection: a process that dies holding it frees it at once.
 * `fn` gets that connection, for work that must run in the locked session itself.
 */
export async function withAdvisoryLock<T>(
  db: Db,
  name: keyof typeof ADVISORY_LOCKS,
  fn: (client: pg.Client) => Promise<T>,
  log?: (msg: string) => void,
): Promise<T> {
  const client = new pg.Client(db.$client.options);
  // A server that ends this connection must not bring the process down: the step fails instead.
  client.on('error', () => {});
  await client.connect();
  try {
    const key = [LOCK_CLASS, ADVISORY_LOCKS[name]];
    const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS got', key);
    if (!rows[0]!.got) {
      log?.(`waiting for another instance to finish its ${name} step...`);
      await client.query('SELECT pg_advisory_lock($1, $2)', key);
    }
    try {
      return await fn(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', key);
    }
  } finally {
    await client.end();
  }
}
