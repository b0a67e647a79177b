import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '@vaultdesk/db';
import { createTestDb, demo, DEMO_PASSWORD, freshCode, insertStaff, sessionFor } from '../../test/helpers';
import { testEnv } from '../../../../test/test-env';
import { startSmtpSink } from '../../../../test/smtp-sink';
import { startS3Server, type S3Server } from '../../../../test/s3-server';
import {
  baseEnv,
  buildApiOnce,
  freePort,
  startNode,
  waitOutput,
  waitReady,
  type NodeProcess,
} from '../../../../test/processes';
import { parseCsv } from '../../../../test/csv';
import { startTcpForwarder, type TcpForwarder } from '../../../../test/tcp-forwarder';
import { startHaproxy, type Haproxy } from '../../../../test/haproxy';
import { DEMO_NEWSLETTER_SENDER_PIN } from '../modules/newsletters/newsletters.service';
import { seedDemoNewsletterSecrets } from '../demo/demo-newsletter-secrets';
import { loadConfig } from '../config/config';

/**
 * Issue 21, "several instances proven": the deployment docs/operations.md describes, on one
 * machine. Two API processes (`WORKER=false`) and two workers (`worker-main`), all plain node on
 * the build, on one PostgreSQL; the test is the load balancer and spreads its requests over both
 * APIs. Each check makes its change through one API and looks through the other.
 *
 * Files: each process has its own DATA_DIR, as on its own machine, and all four use one bucket
 * of the shared file store (a local S3-compatible server the test starts), so an export written
 * by a worker downloads through either API.
 */
const SUBSCRIBERS = 1_000;
const REVIEWERS = 16;

type Api = { name: 'A' | 'B'; base: string; proc: NodeProcess };
let db: Db;
let drop: () => Promise<void> = async () => undefined;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
let bucket: S3Server | undefined;
const procs: NodeProcess[] = [];
let a: Api;
let b: Api;
let workers: NodeProcess[] = [];
/** B reaches PostgreSQL through this (the proxy test cuts it); A and the workers directly. */
let bToDatabase: TcpForwarder | undefined;
const dirs: string[] = [];
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await db.$client.query(text, params)).rows as T[];

beforeAll(async () => {
  const t = await createTestDb();
  db = t.db;
  drop = t.drop;
  // The run's shared build of the API (test/processes.ts buildApiOnce).
  const built = await buildApiOnce(inject('apiBuildDir'));
  sink = await startSmtpSink({ keepBodies: false });
  // One bucket for every process; each keeps its own DATA_DIR (its own machine's disk).
  bucket = await startS3Server();
  const ownDataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-several-'));
    dirs.push(dir);
    return dir;
  };
  const [portA, portB] = [await freePort(), await freePort()];
  const dbAddress = new URL(t.url);
  bToDatabase = await startTcpForwarder({ host: dbAddress.hostname, port: Number(dbAddress.port) });
  const viaForwarder = new URL(t.url);
  viaForwarder.hostname = '127.0.0.1';
  viaForwarder.port = String(bToDatabase.port);
  const env = (extra: Record<string, string>) => ({
    ...baseEnv(),
    ...testEnv({
      DATABASE_URL: t.url,
      DATA_DIR: ownDataDir(),
      SEED_DEMO: 'false',
      CHAIN: 'false',
      LOG_LEVEL: 'warn',
      PG_POOL_SIZE: '4',
      SMTP_URL: sink!.url,
      MAIL_FROM: 'Vaultdesk <no-reply@vaultdesk.test>',
      // Behind the proxy: one public URL for both, and the client's address from X-Forwarded-For.
      APP_URL: `http://127.0.0.1:${portA}`,
      TRUST_PROXY: '127.0.0.1',
    }),
    ...bucket!.env,
    ...extra,
  });
  // The workers first (they create the job queues), then both APIs; all four start at once.
  // At info: their `[worker] running` line is an info line (warn would hide it).
  workers = [0, 1].map(() => startNode(['--enable-source-maps', built.worker], env({ LOG_LEVEL: 'info' })));
  const [procA, procB] = [portA, portB].map((port) =>
    startNode(
      ['--enable-source-maps', built.main],
      env({
        PORT: String(port),
        HOST: '127.0.0.1',
        WORKER: 'false',
        ...(port === portB ? { DATABASE_URL: viaForwarder.href } : {}),
      }),
    ),
  );
  procs.push(...workers, procA!, procB!);
  a = { name: 'A', base: `http://127.0.0.1:${portA}`, proc: procA! };
  b = { name: 'B', base: `http://127.0.0.1:${portB}`, proc: procB! };
  await Promise.all([
    waitReady(a.proc, a.base, 80_000),
    waitReady(b.proc, b.base, 80_000),
    ...workers.map((w) => waitOutput(w, '[worker] running', 80_000)),
  ]);
}, 120_000);

afterAll(async () => {
  // Each stops cleanly (the APIs' and workers' own shutdown), or is killed.
  await Promise.all(procs.map((p) => Promise.race([p.stop('SIGTERM'), new Promise((r) => setTimeout(r, 10_000))])));
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await sink?.close();
  await bucket?.stop();
  await bToDatabase?.close();
  await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);

type Answer = {
  status: number;
  body: { message?: string; code?: string; data?: unknown };
  text: string;
  headers: Headers;
};
let nextAddress = 0;
/** One call to one API, as the proxy would pass it on (X-Forwarded-For: the client). */
async function call(
  api: Api,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  address = `10.21.0.${++nextAddress % 250}`,
): Promise<Answer> {
  const res = await fetch(api.base + url, {
    method,
    headers: {
      'x-forwarded-for': address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    /* a CSV */
  }
  return { status: res.status, body: parsed, text, headers: res.headers };
}
const me = (api: Api, token: string) => call(api, 'GET', '/v1/admin/me', token);

/** Password and code through one API. */
async function signIn(api: Api, role: 'superadmin' | 'compliance' | 'support', address?: string) {
  const account = demo(role);
  const res = await call(
    api,
    'POST',
    '/v1/admin/login',
    undefined,
    { email: account.email, password: DEMO_PASSWORD, code: await freshCode(account.totpSecret!) },
    address,
  );
  expect(res.status, res.text).toBe(200);
  return (res.body.data as { token: string }).token;
}

describe('two APIs (WORKER=false) and two workers on one PostgreSQL', () => {
  it('every process is up; the APIs run no worker, the workers serve no HTTP', async () => {
    for (const api of [a, b]) expect((await fetch(`${api.base}/readyz`)).status).toBe(200);
    // One session listener per API (the workers hold none: they serve no sessions).
    const listeners = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'vaultdesk-session-listener'`,
    );
    expect(listeners[0]!.n).toBe(2);
    expect(workers.every((w) => w.child.exitCode === null)).toBe(true);
    // The bucket's SDK says nothing of Node.js versions at start (issue 34, finding 8: an 8-line
    // NodeVersionSupportWarning from each process; no variable set here to silence it).
    for (const p of procs) expect(p.output()).not.toMatch(/NodeVersionSupportWarning|AWS SDK for JavaScript/);
  });

  it('a session opened on A works on B', async () => {
    const token = await signIn(a, 'support');
    const onB = await me(b, token);
    expect(onB.status, onB.text).toBe(200);
    expect(onB.body.data).toMatchObject({ user: { email: demo('support').email } });
    expect((await me(a, token)).status).toBe(200);
  });

  it('sign-out on A: B refuses the session at its first request after (though B had it cached)', async () => {
    const token = await signIn(b, 'support');
    expect((await me(b, token)).status).toBe(200);
    expect((await me(b, token)).status).toBe(200); // from B's cache now
    const out = await call(a, 'POST', '/v1/admin/logout', token);
    expect(out.status, out.text).toBe(200);
    const after = await me(b, token);
    expect(after.status).toBe(401);
    expect((await me(a, token)).status).toBe(401);
    const [row] = await q<{ revoked: boolean }>(
      `SELECT revoked_at IS NOT NULL AS revoked FROM staff_sessions s JOIN staff f ON f.id = s.staff_id WHERE f.email = $1 ORDER BY s.created_at DESC LIMIT 1`,
      [demo('support').email],
    );
    expect(row).toEqual({ revoked: true });
  });

  it('20 more sign-outs, alternately on A and on B: each refused on the other at its first request after', async () => {
    // Before the sync round (session-listener.ts), a loaded machine let the other instance answer
    // one of these from its cache now and then: its listener had not read the notification yet.
    const refused: number[] = [];
    for (let i = 0; i < 20; i++) {
      const [here, there] = i % 2 ? [b, a] : [a, b];
      const token = await sessionFor(db, demo('support').email);
      expect((await me(there, token)).status).toBe(200);
      expect((await me(there, token)).status).toBe(200);
      expect((await call(here, 'POST', '/v1/admin/logout', token)).status).toBe(200);
      refused.push((await me(there, token)).status);
    }
    expect(refused).toEqual(Array(20).fill(401));
  });

  it('removal on B: the removed admin is refused on A at its first request after', async () => {
    const email = 'removed-several@vaultdesk.test';
    await insertStaff(db, email, 'Removed Several', 'Compliance');
    const token = await sessionFor(db, email);
    const superToken = await signIn(a, 'superadmin');
    expect((await call(a, 'GET', '/v1/admin/users/admin', token)).status).toBe(200);
    expect((await call(a, 'GET', '/v1/admin/users/admin', token)).status).toBe(200);
    const [{ id }] = (await q<{ id: string }>(`SELECT id FROM staff WHERE email = $1`, [email])) as [{ id: string }];
    const removed = await call(b, 'DELETE', `/v1/admin/users/admin/${id}`, superToken);
    expect(removed.status, removed.text).toBe(200);
    expect((await call(a, 'GET', '/v1/admin/users/admin', token)).status).toBe(401);
    expect((await me(b, token)).status).toBe(401);
    expect(await q(`SELECT status FROM staff WHERE id = $1`, [id])).toEqual([{ status: 'removed' }]);
  });

  it('a TOTP code accepted on A is refused on B (replay), and the other way round', async () => {
    const { email, totpSecret } = demo('compliance');
    for (const [first, second] of [
      [a, b],
      [b, a],
    ] as const) {
      const code = await freshCode(totpSecret!);
      const ok = await call(first, 'POST', '/v1/admin/login', undefined, { email, password: DEMO_PASSWORD, code });
      expect(ok.status, ok.text).toBe(200);
      const replay = await call(second, 'POST', '/v1/admin/login', undefined, { email, password: DEMO_PASSWORD, code });
      expect(replay.status).toBe(401);
      expect(replay.body.message).toMatch(/already used/);
      expect(replay.body.data).toBeUndefined();
    }
  });

  it('the sign-in lockout counts failures on both: 5 wrong passwords over A and B, then 429 on each, even with the right password', async () => {
    const { email } = demo('newstaff');
    await q(`DELETE FROM login_attempts WHERE email = $1`, [email]);
    for (let i = 0; i < 5; i++) {
      // From five addresses, so only the account's count can lock it.
      const res = await call(
        i % 2 ? b : a,
        'POST',
        '/v1/admin/login',
        undefined,
        { email, password: `wrong-${i}` },
        `10.21.1.${i}`,
      );
      expect(res.status, res.text).toBe(401);
    }
    for (const api of [b, a]) {
      const locked = await call(
        api,
        'POST',
        '/v1/admin/login',
        undefined,
        { email, password: DEMO_PASSWORD },
        '10.21.2.1',
      );
      expect(locked.status, locked.text).toBe(429);
      expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    }
    const [counts] = await q<{ failed: number; ok: number }>(
      `SELECT count(*) FILTER (WHERE NOT success)::int AS failed, count(*) FILTER (WHERE success)::int AS ok FROM login_attempts WHERE email = $1`,
      [email],
    );
    expect(counts).toEqual({ failed: 5, ok: 0 });
  });

  it(`Manage Random KYC: ${REVIEWERS} reviewers pressing at once, half on A and half on B, get ${REVIEWERS} different cases`, async () => {
    await q(`UPDATE kyc_records SET level_two_status = 'approved' WHERE level_two_status = 'submitted'`);
    await q(`
      WITH u AS (
        INSERT INTO users (full_name, username, email, referral_code, kyc_level_two_status)
        SELECT 'Several Kyc ' || g, 'several-kyc' || g, 'several-kyc' || g || '@example.test', 'SKYC' || g, 'submitted' FROM generate_series(1, 24) g
        RETURNING id, username)
      INSERT INTO kyc_records (user_id, first_name, last_name, phone_number, date_of_birth, gender, resident_address, country_code, device_id,
                               idcard_type, idcard_number, level_two_status)
      SELECT id, 'Several', username, '+23481' || lpad(right(username, 2), 8, '0'), '1990-04-02', 'f', '12 Awolowo Road, Lagos', 'NG', 'dev-' || username,
             'National_ID', 'ID-' || username, 'submitted' FROM u`);
    const emails = Array.from({ length: REVIEWERS }, (_, i) => `several-reviewer${i}@vaultdesk.test`);
    for (const e of emails) await insertStaff(db, e, 'Reviewer', 'KYC Reviewer');
    const sessions = await Promise.all(emails.map((e) => sessionFor(db, e)));
    const results = await Promise.all(
      sessions.map((s, i) => call(i % 2 ? b : a, 'GET', '/v1/admin/kyc/random-kyc-records', s)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(REVIEWERS).fill(200));
    const users = results.map((r) => r.body.data as string);
    expect(new Set(users).size, 'collisions').toBe(REVIEWERS);
    // In the database: each case held by exactly the reviewer it was handed to.
    const held = await q<{ user_id: string; email: string }>(
      `SELECT k.user_id::text, s.email::text FROM kyc_records k JOIN staff s ON s.id = k.claimed_by WHERE k.claimed_until > now() AND s.email = ANY($1)`,
      [emails],
    );
    expect(held).toHaveLength(REVIEWERS);
    expect(Object.fromEntries(held.map((h) => [h.email, h.user_id]))).toEqual(
      Object.fromEntries(emails.map((e, i) => [e, users[i]])),
    );
  });

  it(`a newsletter approved on A, sent while two workers run, reaches each of ${SUBSCRIBERS} subscribers exactly once`, async () => {
    await seedDemoNewsletterSecrets(db, loadConfig(testEnv()));
    await q(`UPDATE newsletter_config SET max_mails_per_batch = 50, wait_minutes_per_batch = 0`);
    await q(
      `INSERT INTO newsletter_subscribers (list, email) SELECT 'subscribers', 'several' || g || '@example.test' FROM generate_series(1, $1::int) g`,
      [SUBSCRIBERS],
    );
    const [letter] = await q<{ id: string }>(
      `
      INSERT INTO newsletters (subject, content, creator_id, creator_email, delivery_status, is_published)
      SELECT 'Several instances', '<p>Once only</p>', id, email, 'pending', false FROM staff WHERE email = $1 RETURNING id`,
      [demo('compliance').email],
    );
    const superToken = await signIn(b, 'superadmin');
    const approved = await call(a, 'POST', `/v1/newsletters/${letter!.id}/send`, superToken, {
      sender_pin: DEMO_NEWSLETTER_SENDER_PIN,
    });
    expect(approved.status, approved.text).toBe(200);
    // A hands the send to the queue; whichever worker takes it sends, and a second job for it (the
    // scheduler bot's) finds the send held by the other's advisory lock.
    const deadline = Date.now() + 60_000;
    let view: { deliveryStatus: string; totalSent: number; totalFailed: number; totalInDoubt: number } | undefined;
    for (;;) {
      const res = await call(b, 'GET', `/v1/newsletters/${letter!.id}`, superToken);
      expect(res.status, res.text).toBe(200);
      view = res.body.data as typeof view;
      if (view!.deliveryStatus === 'sent' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(view).toMatchObject({ deliveryStatus: 'sent', totalSent: SUBSCRIBERS, totalFailed: 0, totalInDoubt: 0 });
    const mine = [...sink!.recipients].filter(([addr]) => addr.startsWith('several'));
    expect(mine).toHaveLength(SUBSCRIBERS);
    expect(mine.filter(([, n]) => n !== 1)).toEqual([]);
    expect(
      await q(`SELECT status, count(*)::int AS n FROM newsletter_deliveries WHERE newsletter_id = $1 GROUP BY status`, [
        letter!.id,
      ]),
    ).toEqual([{ status: 'sent', n: SUBSCRIBERS }]);
  }, 90_000);

  it('an export asked on A is written by a worker and downloads from B', async () => {
    await q(`INSERT INTO users (full_name, username, email, referral_code)
             SELECT 'Several Export ' || i, 'several-export' || i, 'several-export' || i || '@example.test', 'SEXP' || i FROM generate_series(1, 30) i`);
    await q(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount) SELECT id, 'fixed', 'Plan', 10 FROM users WHERE username LIKE 'several-export%'`,
    );
    await q(`INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, description, created_at)
             SELECT p.user_id, p.id, g * 1.5, 'BUSD', 5, 'Several ' || g, timestamptz '2025-03-01T00:00:00Z' + g * interval '1 hour'
               FROM savings_plans p JOIN users u ON u.id = p.user_id AND u.username LIKE 'several-export%', generate_series(1, 10) g`);
    // (A session written straight in: each account has three codes per 30 s, and support's are used above.)
    const token = await sessionFor(db, demo('support').email);
    const asked = await call(
      a,
      'GET',
      '/v1/admin/transactions?type=savings&start=2025-03-01&end=2025-03-31&download=true',
      token,
    );
    expect(asked.status, asked.text).toBe(200);
    const { exportId, link } = asked.body.data as { exportId: string; link: string };
    // A hands it to the workers at once (no wait for the minute's sweep).
    const deadline = Date.now() + 30_000;
    let status = '';
    while (Date.now() < deadline) {
      const res = await call(b, 'GET', `/v1/admin/exports/${exportId}`, token);
      expect(res.status, res.text).toBe(200);
      status = (res.body.data as { status: string }).status;
      if (status === 'done' || status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe('done');
    const file = await call(b, 'GET', link, token);
    expect(file.status, file.text.slice(0, 300)).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    const [header, ...lines] = parseCsv(file.text);
    expect(header![0]).toBe('id');
    expect(lines).toHaveLength(300);
    expect(new Set(lines.map((l) => l[2])).size).toBe(30);
  }, 60_000);
});

/**
 * Issue 34, finding 5: the proxy reads /readyz. The shipped HAProxy configuration
 * (deploy/haproxy.cfg) in front of A and B; B reaches PostgreSQL through a forwarder the test cuts.
 * B's /readyz then answers 503, the proxy's check takes B out within seconds, and every request
 * is answered by A with no 5xx; restored, B answers /readyz again and gets requests again.
 * (nginx's open-source `max_fails` marks an upstream down only after failed connections: an
 * instance answering 503 kept its share of the traffic.)
 */
describe('behind the shipped HAProxy configuration (deploy/haproxy.cfg)', () => {
  let proxy: Haproxy;
  let token: string;
  beforeAll(async () => {
    proxy = await startHaproxy([new URL(a.base).host, new URL(b.base).host]);
    token = await sessionFor(db, demo('support').email);
  }, 30_000);
  afterAll(async () => {
    await proxy?.stop();
    await bToDatabase?.restore().catch(() => undefined);
  });

  type Seen = { at: number; status: number; server: string };
  /** `GET /v1/admin/me` through the proxy: its status and the instance that answered (X-Served-By). */
  const viaProxy = async (): Promise<Seen> => {
    const res = await proxy.request('GET', '/v1/admin/me', { authorization: `Bearer ${token}` });
    return { at: Date.now(), status: res.status, server: String(res.headers['x-served-by'] ?? '') };
  };
  /** Requests every 100 ms until `done` holds for the answers so far (or `ms` pass); all answers. */
  const watch = async (done: (seen: Seen[]) => boolean, ms: number) => {
    const seen: Seen[] = [];
    const until = Date.now() + ms;
    while (!done(seen) && Date.now() < until) {
      seen.push(await viaProxy());
      await new Promise((r) => setTimeout(r, 100));
    }
    return seen;
  };
  const lastAll = (seen: Seen[], n: number, server: string) =>
    seen.length >= n && seen.slice(-n).every((s) => s.server === server && s.status === 200);

  it('spreads requests over both instances, says which answered, and keeps /metrics and plain HTTP out', async () => {
    const both = await watch(
      (seen) => seen.length >= 4 && new Set(seen.slice(-4).map((s) => s.server)).size === 2,
      10_000,
    );
    expect(both.slice(-4).map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(both.slice(-4).map((s) => s.server))).toEqual(new Set(['api1', 'api2']));
    // The client's own X-Forwarded-For is replaced by its address: the sign-in lockout counts 127.0.0.1.
    const email = 'proxy-forwarded@vaultdesk.test';
    const refused = await proxy.request(
      'POST',
      '/v1/admin/login',
      { 'x-forwarded-for': '203.0.113.9' },
      { email, password: 'not-the-password' },
    );
    expect(refused.status, refused.text).toBe(401);
    expect(await q(`SELECT ip FROM login_attempts WHERE email = $1`, [email])).toEqual([{ ip: '127.0.0.1' }]);
    expect((await proxy.request('GET', '/metrics')).status).toBe(404);
    // Only the proxy is exposed: the instances listen on 127.0.0.1 alone (HOST), so this machine's
    // other addresses refuse them (docs/operations.md, "The proxy").
    const elsewhere =
      Object.values(os.networkInterfaces())
        .flat()
        .find((i) => i?.family === 'IPv4' && !i.internal)?.address ?? '127.0.0.2';
    for (const api of [a, b])
      await expect(fetch(`http://${elsewhere}:${new URL(api.base).port}/readyz`)).rejects.toMatchObject({
        cause: { code: 'ECONNREFUSED' },
      });
    const plain = await fetch(`http://127.0.0.1:${proxy.httpPort}/v1/admin/me`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toMatch(/^https:\/\//);
  }, 20_000);

  it('an instance whose database is cut stops getting requests within seconds, with no 5xx after; restored, it gets them again', async () => {
    await bToDatabase!.cut();
    const cutAt = Date.now();
    // B notices: its /readyz answers 503 (asked directly, as the proxy's check does).
    let ready = 0;
    while (Date.now() - cutAt < 5_000) {
      ready = (await fetch(`${b.base}/readyz`, { signal: AbortSignal.timeout(3_000) })).status;
      if (ready === 503) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).toBe(503);
    // The proxy's check fails twice (a second apart): from then on only A answers.
    const switching = await watch((seen) => lastAll(seen, 10, 'api1'), 10_000);
    expect(lastAll(switching, 10, 'api1'), JSON.stringify(switching)).toBe(true);
    const switchedAt = switching.at(-10)!.at;
    expect(switchedAt - cutAt).toBeLessThan(5_000);
    // Three more seconds: every answer from A, none a 5xx.
    const after = await watch((seen) => seen.length > 0 && seen.at(-1)!.at - switchedAt > 3_000, 6_000);
    expect(after.filter((s) => s.status !== 200 || s.server !== 'api1')).toEqual([]);
    expect(proxy.output()).toMatch(/Server vaultdesk_api\/api2 is DOWN, reason: Layer7 wrong status, code: 503/);

    await bToDatabase!.restore();
    const restoredAt = Date.now();
    const back = await watch((seen) => seen.some((s) => s.server === 'api2' && s.status === 200), 10_000);
    expect(
      back.some((s) => s.server === 'api2' && s.status === 200),
      JSON.stringify(back),
    ).toBe(true);
    expect(back.at(-1)!.at - restoredAt).toBeLessThan(6_000);
    expect(back.filter((s) => s.status >= 500)).toEqual([]);
    expect(proxy.output()).toMatch(/Server vaultdesk_api\/api2 is UP/);
    // B serves as before: its own /readyz, and a session through it.
    expect((await fetch(`${b.base}/readyz`)).status).toBe(200);
    expect((await me(b, token)).status).toBe(200);
  }, 40_000);
});
