import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_SECRETS_KEY } from '../../../../test/test-env';
import {
  baseEnv,
  buildApiOnce,
  freePort,
  repoRoot,
  startNode,
  startProcess,
  waitReady,
  type NodeProcess,
} from '../../../../test/processes';

/**
 * Issue 34, finding 7: beside a running server with the embedded database, the console commands
 * started that database a second time and died with a stack trace, and so did a second server on
 * the same DATA_DIR. Now the commands (run as the README says, `npm run …` through tsx) use the
 * running database, found by PostgreSQL's own lock file; a second server stops with one line naming
 * the first; when none runs and none can start, a command says what to do in one line; a record
 * left by a crash does not block the next start.
 */
// In the repository's .data (PostgreSQL, run as its own user under root, cannot enter a private temporary folder).
const dataDir = path.join(repoRoot, `.data/test-running-db-${process.pid}`);
let main = '';
let first: NodeProcess | undefined;
let firstPort = 0;
let pgPort = 0;
const procs: NodeProcess[] = [];

/** Production on the embedded database, as a one-machine trial runs it; no PORT or PG_PORT unless given. */
const env = (extra: Record<string, string> = {}) => ({
  ...baseEnv(),
  NODE_ENV: 'production',
  SECRETS_KEY: TEST_SECRETS_KEY,
  EMBEDDED_DATABASE: 'true',
  APP_URL: 'http://127.0.0.1:8080',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  CHAIN: 'false',
  LOG_LEVEL: 'warn',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  ...extra,
});

async function startServer(extra: Record<string, string>) {
  const proc = startNode(['--enable-source-maps', main], env(extra), 50_000);
  procs.push(proc);
  return proc;
}

/** `npm run <script> -- <args>` as an operator types it; its exit code, stdout and stderr. */
async function npmRun(script: string, args: string[], extra: Record<string, string> = {}) {
  const p = startProcess(
    'npm',
    ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])],
    env(extra),
    50_000,
  );
  procs.push(p);
  const code = await Promise.race([p.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 90_000))]);
  return { code, output: p.output() };
}

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

beforeAll(async () => {
  // The run's shared build of the API (test/processes.ts buildApiOnce).
  main = (await buildApiOnce(inject('apiBuildDir'))).main;
  firstPort = await freePort();
  pgPort = await freePort();
  first = await startServer({ PORT: String(firstPort), PG_PORT: String(pgPort) });
  // A new embedded cluster (initdb) and every migration: a minute or more on a busy shared machine.
  await waitReady(first, `http://127.0.0.1:${firstPort}`, 150_000);
}, 180_000);

afterAll(async () => {
  for (const p of procs)
    if (p.child.exitCode === null && p.child.signalCode === null)
      await Promise.race([p.stop('SIGTERM'), new Promise((r) => setTimeout(r, 10_000))]);
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('console commands beside a running server (embedded database)', () => {
  it('the server records itself in DATA_DIR', () => {
    const record = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as Record<string, unknown>;
    expect(record).toMatchObject({ pid: first!.child.pid, port: firstPort, pgPort });
  });

  it('npm run admin:create and audit:verify use the running database (no PORT or PG_PORT given)', async () => {
    const created = await npmRun('admin:create', ['--email', 'ops@example.com', '--name', 'Ops Person']);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('Admin ops@example.com (Super Admin) created.');
    const verify = await npmRun('audit:verify', []);
    expect(verify.code, verify.output).toBe(0);
    expect(verify.output).toMatch(/Audit chain intact: \d+ rows checked/);
    expect(verify.output).not.toContain('did not start');
    // Both wrote to or read the server's database: the new admin and its audit row are there.
    const owner = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/vaultdesk` });
    await owner.connect();
    try {
      const { rows } = await owner.query(
        `SELECT s.status, a.action FROM staff s JOIN audit_log a ON a.target_id = s.id::text WHERE s.email = 'ops@example.com'`,
      );
      expect(rows).toEqual([{ status: 'active', action: 'admin.create' }]);
    } finally {
      await owner.end();
    }
    // And left it running: the server still answers.
    expect((await fetch(`http://127.0.0.1:${firstPort}/readyz`)).status).toBe(200);
  }, 120_000);

  it('a second server on the same DATA_DIR stops at start with one line naming the first', async () => {
    const second = await startServer({ PORT: String(await freePort()), PG_PORT: String(await freePort()) });
    const code = await Promise.race([
      second.exited,
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000)),
    ]);
    expect(code, second.output()).toBe(1);
    expect(lines(second.output())).toEqual([
      `[vaultdesk] Cannot start Vaultdesk: DATA_DIR ${dataDir} is in use by another Vaultdesk server (pid ${first!.child.pid}, port ${firstPort}, its embedded PostgreSQL on port ${pgPort}): stop it, or give this server its own DATA_DIR`,
    ]);
    expect((await fetch(`http://127.0.0.1:${firstPort}/readyz`)).status).toBe(200);
  }, 60_000);

  it('with no server running and the database port taken, a command says what to do in one line and exits 2', async () => {
    expect(await first!.stop('SIGTERM')).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);
    const holder = net.createServer();
    await new Promise<void>((r) => holder.listen(pgPort, '127.0.0.1', () => r()));
    try {
      const verify = await npmRun('audit:verify', [], { PG_PORT: String(pgPort) });
      expect(verify.code, verify.output).toBe(2);
      expect(lines(verify.output)).toHaveLength(1);
      expect(verify.output).toContain(
        `[vaultdesk] No embedded PostgreSQL runs for DATA_DIR ${dataDir} and none could start on port ${pgPort}`,
      );
      expect(verify.output).toContain(
        `start the server (npm start) with this DATA_DIR, or free port ${pgPort} (or set PG_PORT), or set DATABASE_URL`,
      );
    } finally {
      await new Promise((r) => holder.close(r));
    }
  }, 120_000);

  it('a record and a lock file left by a crash (their process gone) do not block a start', async () => {
    const dead = spawnSync('true').pid!;
    writeFileSync(
      path.join(dataDir, 'server.json'),
      JSON.stringify({ pid: dead, port: 1, pgPort: 2, startedAt: new Date().toISOString() }),
    );
    // PostgreSQL's lock file as a power cut leaves it: owned as the data folder is.
    const pgDir = path.join(dataDir, 'pg');
    const lock = path.join(pgDir, 'postmaster.pid');
    writeFileSync(lock, `${dead}\n${pgDir}\n${Math.floor(Date.now() / 1000)}\n${pgPort}\n/tmp\n127.0.0.1\n0\nready\n`, {
      mode: 0o600,
    });
    const { uid, gid } = statSync(pgDir);
    chownSync(lock, uid, gid);
    const port = await freePort();
    const again = await startServer({ PORT: String(port), PG_PORT: String(pgPort) });
    await waitReady(again, `http://127.0.0.1:${port}`, 90_000);
    const record = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as Record<string, unknown>;
    expect(record).toMatchObject({ pid: again.child.pid, port });
    expect(await again.stop('SIGTERM'), again.output()).toBe(0);
  }, 120_000);
});
