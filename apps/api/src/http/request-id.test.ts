import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '@vaultdesk/db';
import { createTestDb, demo, sessionFor } from '../../test/helpers';
import { testEnv } from '../../../../test/test-env';
import { baseEnv, buildApiOnce, freePort, startNode, waitReady, type NodeProcess } from '../../../../test/processes';
import { proxyMatcher, REQUEST_ID_PATTERN } from './request-id';

/**
 * Issue 34, finding 3: request ids were per-process counters (`req-1`) that repeated across
 * instances and restarts, X-Request-Id was ignored and none returned, request lines named no
 * actor, and start-up and worker lines were plain text that ignored LOG_LEVEL.
 *
 * Two real servers on the build, on one database: A (the worker inside, LOG_LEVEL=info, the test
 * as its trusted proxy on 127.0.0.1) and B (WORKER=false, LOG_LEVEL=warn, no proxy trusted). Their
 * stdout is read line by line, as an operator's log collector would.
 */
type Server = { base: string; proc: NodeProcess; stdout: () => string };
type Line = Record<string, unknown> & { level: number; msg: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const dirs: string[] = [];
let db: Db;
let drop: () => Promise<void> = async () => undefined;
let a: Server;
let b: Server;

const start = async (env: Record<string, string>, main: string): Promise<Server> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-reqid-'));
  dirs.push(dataDir);
  const proc = startNode(
    ['--enable-source-maps', main],
    {
      ...baseEnv(),
      ...testEnv({
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        CHAIN: 'false',
        PG_POOL_SIZE: '4',
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${port}`,
        ...env,
      }),
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    200_000,
  );
  let stdout = '';
  proc.child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  return { base: `http://127.0.0.1:${port}`, proc, stdout: () => stdout };
};

/** Every line a server printed on stdout, each parsed as JSON (a line that is not JSON fails here). */
const lines = (s: Server): Line[] =>
  s
    .stdout()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      try {
        return JSON.parse(l) as Line;
      } catch {
        throw new Error(`not a JSON line: ${l}`);
      }
    });

/** Waits until a line matching `found` is printed (a job's lines come after its answer). */
const lineWhere = async (s: Server, found: (l: Line) => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = lines(s).find(found);
    if (line) return line;
    if (Date.now() > deadline) throw new Error(`no such line within ${timeoutMs} ms:\n${s.stdout().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const get = (s: Server, url: string, headers: Record<string, string> = {}) =>
  fetch(s.base + url, { headers, signal: AbortSignal.timeout(30_000) });

beforeAll(async () => {
  const t = await createTestDb();
  db = t.db;
  drop = t.drop;
  // The run's shared build of the API (test/processes.ts buildApiOnce).
  const built = await buildApiOnce(inject('apiBuildDir'));
  // A built web app of two files: the static answers carry the id too.
  const web = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-reqid-web-'));
  dirs.push(web);
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Vaultdesk</title>');
  writeFileSync(path.join(web, 'app.js'), 'console.log(1);');
  [a, b] = await Promise.all([
    start({ DATABASE_URL: t.url, LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1', WEB_DIST_DIR: web }, built.main),
    start({ DATABASE_URL: t.url, LOG_LEVEL: 'warn', WORKER: 'false' }, built.main),
  ]);
  await Promise.all([waitReady(a.proc, a.base, 80_000), waitReady(b.proc, b.base, 80_000)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(
    [a, b].map((s) => s && Promise.race([s.proc.stop('SIGTERM'), new Promise((r) => setTimeout(r, 10_000))])),
  );
  for (const s of [a, b]) if (s && s.proc.child.exitCode === null) s.proc.child.kill('SIGKILL');
  await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('one id per request, returned as X-Request-Id', () => {
  it('is a new UUID on every answer of either instance: health, API, 401, 404, the web app and its files', async () => {
    const ids: string[] = [];
    for (const s of [a, b]) {
      for (const url of ['/healthz', '/readyz', '/healthz', '/v1/admin/me', '/v1/no-such-route', '/docs/json']) {
        const res = await get(s, url);
        await res.arrayBuffer();
        ids.push(res.headers.get('x-request-id') ?? `missing on ${url}`);
      }
    }
    for (const url of ['/app.js', '/some/screen']) {
      const res = await get(a, url);
      expect(res.status, url).toBe(200);
      await res.arrayBuffer();
      ids.push(res.headers.get('x-request-id') ?? `missing on ${url}`);
    }
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a trusted proxy's id, and replaces one from anyone else, or malformed, or too long", async () => {
    const proxied = await get(a, '/healthz', { 'x-request-id': 'proxy-4f1c2b7e9d' });
    expect(proxied.headers.get('x-request-id')).toBe('proxy-4f1c2b7e9d');
    // nginx's $request_id: 32 hex digits.
    const nginx = 'a3f1c2b7e9d04e6f8a1b2c3d4e5f6a7b';
    expect((await get(a, '/healthz', { 'x-request-id': nginx })).headers.get('x-request-id')).toBe(nginx);
    // B trusts no proxy: the header is anyone's, and ignored.
    expect((await get(b, '/healthz', { 'x-request-id': 'proxy-4f1c2b7e9d' })).headers.get('x-request-id')).toMatch(
      UUID,
    );
    for (const bad of ['has spaces in it', 'short', 'x'.repeat(129), 'id;drop', '-leading-dash-id']) {
      expect((await get(a, '/healthz', { 'x-request-id': bad })).headers.get('x-request-id'), bad).toMatch(UUID);
    }
  });

  it('TRUST_PROXY: addresses, CIDR ranges, netmasks and the named ranges', () => {
    const match = proxyMatcher(['10.0.0.5', '192.168.1.0/24', '172.20.0.0/255.255.0.0', 'loopback', 'fd00::/8']);
    const trusted = ['10.0.0.5', '::ffff:10.0.0.5', '192.168.1.77', '172.20.9.9', '127.0.0.1', '::1', 'fd00::1'];
    const not = ['10.0.0.6', '192.168.2.1', '172.21.0.1', '203.0.113.9', 'fe80::1', undefined];
    expect(trusted.filter((x) => !match(x))).toEqual([]);
    expect(not.filter((x) => match(x))).toEqual([]);
    expect(proxyMatcher([])('127.0.0.1')).toBe(false);
    expect(REQUEST_ID_PATTERN.test('0b7e3c58-6c47-4b0f-9b9a-7e6c1f0e2d11')).toBe(true);
  });
});

describe('the same id on the log lines, the audit row and the job of one request', () => {
  it('an export asked through the proxy: its lines name the caller, its audit row and its job carry the id', async () => {
    const supportId = (
      await db.$client.query<{ id: string }>('SELECT id FROM staff WHERE email = $1', [demo('support').email])
    ).rows[0]!.id;
    const token = await sessionFor(db, demo('support').email);
    const requestId = 'proxy-export-0001';
    const res = await get(a, '/v1/admin/transactions?type=savings&start=2025-03-01&end=2025-03-31&download=true', {
      authorization: `Bearer ${token}`,
      'x-request-id': requestId,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const { exportId } = ((await res.json()) as { data: { exportId: string } }).data;

    // The request's lines: the first before the caller is known, the completion with the caller.
    const completed = await lineWhere(a, (l) => l.requestId === requestId && l.msg === 'request completed');
    expect(completed).toMatchObject({ level: 30, staffId: supportId, res: { statusCode: 200 } });
    expect(lines(a).find((l) => l.requestId === requestId && l.msg === 'incoming request')).toBeDefined();

    // The audit row, in the database and in the audit trail's API (found by the id).
    expect(
      (
        await db.$client.query('SELECT action, target_id, actor_id, request_id FROM audit_log WHERE request_id = $1', [
          requestId,
        ])
      ).rows,
    ).toEqual([{ action: 'export.create', target_id: exportId, actor_id: supportId, request_id: requestId }]);
    const admin = await sessionFor(db, demo('superadmin').email);
    const trail = await get(a, `/v1/admin/audit-logs?requestId=${requestId}`, { authorization: `Bearer ${admin}` });
    expect(trail.status).toBe(200);
    const page = ((await trail.json()) as { data: { records: Record<string, unknown>[] } }).data;
    expect(page.records.map((r) => [r.action, r.targetId, r.requestId])).toEqual([
      ['export.create', exportId, requestId],
    ]);

    // The job it queued, and the worker's lines for that job.
    const [job] = (
      await db.$client.query<{ id: string; data: Record<string, unknown> }>(
        `SELECT id, data FROM pgboss.job WHERE name = 'csv-export' AND data->>'exportId' = $1`,
        [exportId],
      )
    ).rows;
    expect(job?.data).toEqual({ exportId, requestId });
    const done = await lineWhere(a, (l) => l.name === 'worker' && l.requestId === requestId && /: done/.test(l.msg));
    expect(done).toMatchObject({ level: 30, queue: 'csv-export', jobId: job!.id });
    expect(done.msg).toMatch(new RegExp(`^job csv-export ${job!.id}: done in \\d+ ms$`));
  });

  it('an unexpected error answers its reference, the id of its log line', async () => {
    const token = await sessionFor(db, demo('support').email);
    await db.$client.query(`
      CREATE FUNCTION refuse_export_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'export refused by the test'; END $$;
      CREATE TRIGGER refuse_export_for_test BEFORE INSERT ON exports FOR EACH ROW EXECUTE FUNCTION refuse_export_for_test();`);
    try {
      for (const s of [a, b]) {
        const res = await get(s, '/v1/admin/transactions?type=savings&start=2025-04-01&end=2025-04-30&download=true', {
          authorization: `Bearer ${token}`,
        });
        expect(res.status).toBe(500);
        const id = res.headers.get('x-request-id');
        expect(id).toMatch(UUID);
        expect(await res.json()).toEqual({ message: 'Something went wrong', code: 'INTERNAL', reference: id });
        // Logged at error, on B too (LOG_LEVEL=warn), with the caller.
        const logged = await lineWhere(s, (l) => l.requestId === id && l.msg === 'unhandled error');
        expect(logged).toMatchObject({ level: 50 });
        expect(JSON.stringify(logged.err)).toContain('export refused by the test');
      }
    } finally {
      await db.$client.query(`DROP TRIGGER refuse_export_for_test ON exports; DROP FUNCTION refuse_export_for_test();`);
    }
  });
});

describe('every line is JSON and honours LOG_LEVEL', () => {
  it('A (info) printed its start-up, the worker and its requests as JSON lines', () => {
    const all = lines(a);
    const said = all.map((l) => l.msg);
    expect(said.some((m) => m.startsWith('Vaultdesk is running at'))).toBe(true);
    expect(said.some((m) => m.startsWith('file store:'))).toBe(true);
    expect(all.some((l) => l.name === 'worker')).toBe(true);
    expect(all.some((l) => l.msg === 'request completed' && typeof l.requestId === 'string')).toBe(true);
    for (const l of all)
      expect(typeof l.time === 'number' && typeof l.level === 'number', JSON.stringify(l)).toBe(true);
    // Nor a runtime warning on stderr (a deprecated Fastify option printed one at every start).
    expect(a.proc.output()).not.toMatch(/DeprecationWarning|FSTDEP|Warning:/);
  });

  it('B (warn) printed no info line, at start or on a request, and its stop at warn', async () => {
    const code = await b.proc.stop('SIGTERM');
    expect(code).toBe(0);
    const all = lines(b);
    expect(all.filter((l) => l.level < 40)).toEqual([]);
    expect(all.map((l) => l.msg)).toContain('SIGTERM: shutting down');
  });
});
