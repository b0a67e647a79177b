import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, closeDb, processAlive, type Db } from '@vaultdesk/db';
import { createTestDb, demo, sessionFor } from '../../test/helpers';
import { testEnv } from '../../../../test/test-env';
import {
  baseEnv,
  buildApi,
  freePort,
  repoRoot,
  startNode,
  startProcess,
  waitOutput,
  waitReady,
  type NodeProcess,
} from '../../../../test/processes';
import { portInUse } from '../config/ports';
import { loadConfig } from '../config/config';

/**
 * Issue 34, finding 2: stop signals and deadlines, on the real processes (plain node on the build,
 * the way production runs them, on a database cloned from the test template).
 *
 * - `npm run start:prod` / `worker:prod` left node running with parent 1 when npm got SIGTERM: the
 *   scripts now `exec` node, so the signal reaches it.
 * - A request blocked longer than SHUTDOWN_DEADLINE_MS held the shutdown as long as it was blocked:
 *   now it is cut at the deadline, its statement cancelled, the exit is 1 and one line names it. The
 *   same for a worker's running job. A drain within the deadline exits 0.
 * - PostgreSQL's statement_timeout and idle_in_transaction_session_timeout on each pool: a request
 *   whose statement runs past the limit is answered with a clear error instead of hanging.
 *
 * A request is blocked realistically: the test's own connection holds the row lock (or the table
 * lock) the request's statement waits for.
 */
let db: Db;
let drop: () => Promise<void> = async () => undefined;
let ownerUrl = '';
let appUrl = '';
let built: { main: string; worker: string };
// Where `npm run build:api` puts it: `npm run start:prod` runs exactly that file.
const outdir = path.join(repoRoot, 'apps/api/dist');
const dirs: string[] = [];
const procs: NodeProcess[] = [];
const email = demo('support').email;

beforeAll(async () => {
  const t = await createTestDb();
  db = t.db;
  drop = t.drop;
  ownerUrl = t.url;
  appUrl = t.appUrl;
  built = buildApi(outdir);
}, 60_000);

afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const env = (port: number, extra: Record<string, string> = {}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-shutdown-'));
  dirs.push(dataDir);
  return {
    ...baseEnv(),
    ...testEnv({
      DATABASE_URL: appUrl,
      DATABASE_OWNER_URL: ownerUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      CHAIN: 'false',
      LOG_LEVEL: 'info',
      PG_POOL_SIZE: '4',
      WORKER: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
    }),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...extra,
  };
};

/** A built server on a port of its own, answering /readyz. */
async function startServer(extra: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = startNode(['--enable-source-maps', built.main], env(port, extra), 50_000);
  procs.push(proc);
  await waitReady(proc, base, 90_000);
  return { proc, base, port };
}

/** The test's own transaction holding `email`'s staff row: PUT /v1/admin/profile waits for it. */
async function holdStaffRow() {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT id FROM staff WHERE email = $1 FOR UPDATE', [email]);
  return {
    release: async () => {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

/** Waits until a session of the application role waits for a lock (the blocked request or job); false after `ms`. */
async function lockWaiters(ms: number) {
  const until = Date.now() + ms;
  for (;;) {
    const { rows } = await db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND usename = 'vaultdesk_app' AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n > 0 || Date.now() > until) return rows[0]!.n;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rename = (base: string, token: string, fullName: string) =>
  fetch(`${base}/v1/admin/profile`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fullName }),
  });

const fullName = async () =>
  (await db.$client.query<{ full_name: string }>('SELECT full_name FROM staff WHERE email = $1', [email])).rows[0]!
    .full_name;

/** Every process below `pid` (its children, theirs...). */
function descendants(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout;
  const children = out
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
  return children.flatMap((c) => [c, ...descendants(c)]);
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), ms))]);

describe('npm run start:prod and worker:prod pass the stop signal to node', () => {
  it('SIGTERM to the npm process stops the server and the worker: no node left running, the port free', async () => {
    const port = await freePort();
    const server = startProcess('npm', ['run', 'start:prod'], env(port), 50_000);
    const worker = startProcess('npm', ['run', 'worker:prod'], env(await freePort()), 50_000);
    procs.push(server, worker);
    await Promise.all([
      waitReady(server, `http://127.0.0.1:${port}`, 90_000),
      waitOutput(worker, '[worker] running', 90_000),
    ]);
    const nodes = [...descendants(server.child.pid!), ...descendants(worker.child.pid!)];
    expect(nodes.length).toBeGreaterThanOrEqual(2);
    server.child.kill('SIGTERM');
    worker.child.kill('SIGTERM');
    const deadline = Date.now() + 15_000;
    while (nodes.some(processAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(nodes.filter(processAlive), `${server.output()}\n${worker.output()}`).toEqual([]);
    expect(await portInUse(port, '127.0.0.1')).toBe(false);
    expect(server.output()).toContain('SIGTERM: shutting down');
    expect(worker.output()).toContain('[worker] SIGTERM: shutting down');
  }, 120_000);
});

describe('the shutdown deadline (SHUTDOWN_DEADLINE_MS)', () => {
  it('a request blocked past the deadline is cut at it: exit 1, one line naming it, its statement cancelled, nothing changed', async () => {
    const { proc, base, port } = await startServer({ SHUTDOWN_DEADLINE_MS: '2000', PG_STATEMENT_TIMEOUT_MS: '0' });
    const token = await sessionFor(db, email);
    const before = await fullName();
    const lock = await holdStaffRow();
    try {
      const blocked = rename(base, token, 'Cut At The Deadline').then(
        (r) => r.status,
        (err: Error) => err.name,
      );
      expect(await lockWaiters(10_000)).toBe(1);
      const started = Date.now();
      proc.child.kill('SIGTERM');
      await waitOutput(proc, 'SIGTERM: shutting down', 5_000);
      // Draining: the listener is closed, a new connection is refused.
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
      expect(await portInUse(port, '127.0.0.1')).toBe(false);
      const code = await within(proc.exited, 10_000);
      const took = Date.now() - started;
      expect(code, proc.output()).toBe(1);
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(2_000 + 3_000);
      const cutLines = proc
        .output()
        .split('\n')
        .filter((l) => l.includes('deadline passed'));
      expect(cutLines).toHaveLength(1);
      expect(cutLines[0]).toMatch(
        /^\[vaultdesk\] shutdown: the 2000 ms deadline passed after \d+ ms; cut: PUT \/v1\/admin\/profile \(request \S+, running (\d+) ms\)$/,
      );
      expect(Number(/running (\d+) ms/.exec(cutLines[0]!)![1])).toBeGreaterThanOrEqual(1_900);
      // The client saw its connection closed, not an answer.
      expect(await blocked).not.toBe(200);
      // Its statement was cancelled in PostgreSQL, not left waiting behind the lock.
      expect(await lockWaiters(0)).toBe(0);
    } finally {
      await lock.release();
    }
    expect(await fullName()).toBe(before);
  }, 120_000);

  it('a worker job running past the deadline is cut: exit 1, one line naming the job', async () => {
    const worker = startNode(
      ['--enable-source-maps', built.worker],
      env(await freePort(), { SHUTDOWN_DEADLINE_MS: '1500' }),
      50_000,
    );
    procs.push(worker);
    await waitOutput(worker, '[worker] running', 90_000);
    // The mail delivery job reads mail_outbox: the test's transaction holds the table.
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('LOCK TABLE mail_outbox IN ACCESS EXCLUSIVE MODE');
      await db.$client.query(`INSERT INTO pgboss.job (name, data) VALUES ('mail-dispatch', '{}')`);
      expect(await lockWaiters(20_000), worker.output()).toBe(1);
      const started = Date.now();
      worker.child.kill('SIGTERM');
      const code = await within(worker.exited, 10_000);
      const took = Date.now() - started;
      expect(code, worker.output()).toBe(1);
      expect(took).toBeLessThan(1_500 + 3_000);
      const cutLines = worker
        .output()
        .split('\n')
        .filter((l) => l.includes('deadline passed'));
      expect(cutLines).toHaveLength(1);
      expect(cutLines[0]).toMatch(
        new RegExp(
          `^\\[worker\\] shutdown: the 1500 ms deadline passed after \\d+ ms; cut: job mail-dispatch [0-9a-f-]{36} \\(running \\d+ ms\\)$`,
        ),
      );
      expect(await lockWaiters(0)).toBe(0);
      // pg-boss recorded the job as failed (it is retried by the next worker).
      const job = await db.$client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-dispatch' AND state IN ('failed', 'retry')`,
      );
      expect(job.rows[0]!.n).toBeGreaterThanOrEqual(1);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  }, 120_000);
});

describe('PostgreSQL timeouts per pool', () => {
  // One server for both: a statement limit of 3 s, and a drain deadline of 8 s.
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  it('a request whose statement runs past PG_STATEMENT_TIMEOUT_MS is answered with a clear error, nothing changed', async () => {
    server = await startServer({ PG_STATEMENT_TIMEOUT_MS: '3000', SHUTDOWN_DEADLINE_MS: '8000' });
    const token = await sessionFor(db, email);
    const before = await fullName();
    const lock = await holdStaffRow();
    try {
      const started = Date.now();
      const res = await rename(server.base, token, 'Too Slow');
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
      expect(Date.now() - started).toBeLessThan(8_000);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        message: expect.stringContaining('a statement ran longer than the time allowed (statement_timeout)'),
        code: 'INTERNAL',
        // The request's id, to find its log lines (X-Request-Id).
        reference: res.headers.get('x-request-id'),
      });
    } finally {
      await lock.release();
    }
    expect(await fullName()).toBe(before);
  }, 120_000);

  it('a request that finishes within the shutdown deadline is answered, and the server exits 0', async () => {
    const { proc, base } = server!;
    const token = await sessionFor(db, email);
    const lock = await holdStaffRow();
    const answered = rename(base, token, 'Drained In Time');
    expect(await lockWaiters(10_000)).toBe(1);
    proc.child.kill('SIGTERM');
    await waitOutput(proc, 'SIGTERM: shutting down', 5_000);
    await new Promise((r) => setTimeout(r, 500));
    await lock.release();
    const res = await answered;
    expect(res.status).toBe(200);
    expect((await res.json()) as unknown).toMatchObject({ data: { fullName: 'Drained In Time' } });
    expect(await within(proc.exited, 10_000), proc.output()).toBe(0);
    expect(proc.output()).not.toContain('deadline passed');
    expect(await fullName()).toBe('Drained In Time');
  }, 120_000);

  it('each pool has the limits of its settings (SHOW on the requests pools and the jobs pool)', async () => {
    const config = loadConfig(testEnv({ DATABASE_URL: appUrl }));
    expect(config.pgTimeouts).toEqual({
      requests: { statementMs: 15_000, idleInTransactionMs: 60_000 },
      jobs: { statementMs: 600_000, idleInTransactionMs: 300_000 },
    });
    const show = async (pool: pg.Pool) => {
      const s = await pool.query<{ statement_timeout: string }>('SHOW statement_timeout');
      const i = await pool.query<{ idle_in_transaction_session_timeout: string }>(
        'SHOW idle_in_transaction_session_timeout',
      );
      return [s.rows[0]!.statement_timeout, i.rows[0]!.idle_in_transaction_session_timeout];
    };
    const requests = createDb(appUrl, 1, config.pgTimeouts.requests);
    const jobs = createDb(appUrl, 1, config.pgTimeouts.jobs);
    const untimed = createDb(appUrl, 1);
    try {
      expect(await show(requests.$client)).toEqual(['15s', '1min']);
      expect(await show(requests.$generic)).toEqual(['15s', '1min']);
      expect((await requests.$generic.query('SHOW plan_cache_mode')).rows[0]).toEqual({
        plan_cache_mode: 'force_generic_plan',
      });
      expect(await show(jobs.$client)).toEqual(['10min', '5min']);
      expect(await show(untimed.$client)).toEqual(['0', '0']);
    } finally {
      await Promise.all([closeDb(requests), closeDb(jobs), closeDb(untimed)]);
    }
  });

  it('a bad setting is refused at start in one line', () => {
    expect(() => loadConfig(testEnv({ SHUTDOWN_DEADLINE_MS: 'soon', PG_STATEMENT_TIMEOUT_MS: '-1' }))).toThrow(
      /^Invalid configuration: SHUTDOWN_DEADLINE_MS: .*; PG_STATEMENT_TIMEOUT_MS: /,
    );
  });
});
