import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ROLES } from '@vaultdesk/contract';
import { generateDemoData } from '@vaultdesk/db/demo';
import { createTestApp, insertStaff, sessionFor, type TestApp } from '../../test/helpers';
import {
  DEFECTS,
  operationsOf,
  payloadOf,
  requestArb,
  type Defect,
  type FuzzRequest,
  type OpenApiDoc,
  type Op,
} from '../../test/fuzz';
import { hashToken } from '../credentials/credentials';
import { insertServiceClient, signedHeaders, type TestServiceClient } from '../../test/product';

/**
 * The request fuzzer (issue 12): for every /v1 operation of the OpenAPI document, fast-check
 * builds requests that are wrong in at least one way the API must refuse, and sends them as each
 * of the four system roles and anonymously. No answer may be a 5xx, every 4xx carries a JSON
 * `message` (a validation error names its field first), no bad request may succeed, and every
 * table of the database is the same afterwards, row for row.
 *
 * FUZZ_SEED reproduces a run (the seed is printed); FUZZ_REQUESTS sets the count (bench/fuzz.ts
 * runs this file with 100,000+); FUZZ_REPORT writes the figures as JSON.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 6);
/** The roles requests are sent as: the four system roles and anonymous (null). */
const ROLES: (string | null)[] = [...SYSTEM_ROLES.map((r) => r.title), null];
const roleName = (r: string | null) => r ?? 'anonymous';

/**
 * Operations that take no input at all and need no session: nothing in a request to them can be
 * wrong, so they get noise only (extra query parameters) and may answer 2xx. They only read.
 */
const NOTHING_TO_BREAK = new Set(['GET /v1/user/get-all-alert', 'GET /product/v1/client']);
/** Bad requests sent to the product API (/product/v1), each with a valid signature. */
const PRODUCT_REQUESTS = Number(process.env.FUZZ_PRODUCT_REQUESTS ?? 600);
/**
 * The product API's bookkeeping, which a refused request does change: its rate-limit counter, the
 * client's last_used_at, and the idempotency key holding a 4xx answer for replay (checked apart).
 */
const PRODUCT_BOOKKEEPING = ['public.product_rate_counts', 'public.service_clients', 'public.idempotency_keys'];

let t: TestApp;
let ops: Op[];
let productOps: Op[];
let client: TestServiceClient;
const live = new Map<string, string>();
const expired = new Map<string, string>();
const revoked = new Map<string, string>();
let ids: string[] = [];

/** count and md5 of every row, per table, for every base table outside the system schemas. */
async function checksums() {
  const { rows: tables } = await t.db.$client.query<{ s: string; n: string }>(
    `SELECT table_schema AS s, table_name AS n FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg_toast%'
      ORDER BY 1, 2`,
  );
  const out: Record<string, string> = {};
  for (const { s, n } of tables) {
    const q = `"${s.replace(/"/g, '""')}"."${n.replace(/"/g, '""')}"`;
    const { rows } = await t.db.$client.query<{ c: string; h: string }>(
      `SELECT count(*)::text AS c, md5(coalesce(string_agg(md5(x::text), '' ORDER BY md5(x::text)), '')) AS h FROM ${q} x`,
    );
    out[`${s}.${n}`] = `${rows[0]!.c}:${rows[0]!.h}`;
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  // Customers, wallets, plans, queues, KYC, newsletters...: real ids for the requests to aim at.
  await generateDemoData(t.db, { users: 120, seed: 7, now: new Date('2026-11-20T12:00:00Z') });
  const { rows: idCols } = await t.db.$client.query<{ s: string; n: string }>(
    `SELECT table_schema AS s, table_name AS n FROM information_schema.columns
      WHERE column_name = 'id' AND data_type = 'uuid' AND table_schema = 'public' ORDER BY 1, 2`,
  );
  for (const { n } of idCols) {
    const { rows } = await t.db.$client.query<{ id: string }>(`SELECT id FROM "${n}" ORDER BY id LIMIT 4`);
    ids.push(...rows.map((r) => r.id));
  }
  ids = [...new Set(ids)].sort();
  // One active two-factor account per system role (as route-matrix.test.ts), each with a live,
  // an expired and a signed-out session.
  for (const role of SYSTEM_ROLES) {
    const email = `fuzz-${role.title.toLowerCase().replace(/\W+/g, '-')}@vaultdesk.test`;
    await insertStaff(t.db, email, `Fuzz ${role.title}`, role.title);
    live.set(role.title, await sessionFor(t.db, email));
    const e = await sessionFor(t.db, email);
    await t.db.$client.query(
      `UPDATE staff_sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`,
      [hashToken(e)],
    );
    expired.set(role.title, e);
    const r = await sessionFor(t.db, email);
    await t.db.$client.query(`UPDATE staff_sessions SET revoked_at = now() WHERE token_hash = $1`, [hashToken(r)]);
    revoked.set(role.title, r);
  }
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as OpenApiDoc;
  const publicRoutes = new Set(
    t.app.routeTable.filter((r) => r.access.permission === 'public').map((r) => `${r.method} ${r.url}`),
  );
  ops = operationsOf(doc, publicRoutes);
  // The product API: no session at all (its signature is added to each request as it is sent);
  // its own description (GET /product/v1/client) has nothing to break.
  productOps = operationsOf(doc, publicRoutes, '/product/v1/')
    .filter((op) => !NOTHING_TO_BREAK.has(`${op.method} ${op.path}`))
    .map((op) => ({ ...op, isPublic: true }));
  client = await insertServiceClient(t.db, t.config.secretsKey, { rateLimitPerMinute: 100_000 });
});
afterAll(async () => {
  await t?.close();
});

type Failure = { why: string; role: string; req: FuzzRequest; status: number; body: string };

describe('fuzzing every /v1 operation with bad requests', () => {
  it(
    `sends ${REQUESTS} bad requests (seed ${SEED}): no 5xx, every 4xx with a message, no success, no change in any table`,
    async () => {
      console.log(
        `[fuzz] seed ${SEED} (FUZZ_SEED=${SEED} reproduces), ${REQUESTS} requests, ${ops.length} operations, ${ROLES.length} roles`,
      );
      // The document and the route table agree (route-matrix.test.ts checks it too): every route is here.
      expect(ops.length).toBe(t.app.routeTable.length);
      const tokens = {
        live: (r: string) => live.get(r) ?? null,
        expired: (r: string) => expired.get(r)!,
        revoked: (r: string) => revoked.get(r)!,
      };
      // Requests: the operations in turn, each as the five roles in turn; fast-check draws the
      // content from the seed (one stream per operation and role).
      const perOp = Math.ceil(REQUESTS / ops.length);
      const requests: { op: Op; role: string | null; req: FuzzRequest }[] = [];
      ops.forEach((op, i) => {
        ROLES.forEach((role, j) => {
          const n = Math.floor(perOp / ROLES.length) + (j < perOp % ROLES.length ? 1 : 0);
          if (!n) return;
          const arb = requestArb(op, role, tokens, { ids }, { loginLike: op.path === '/v1/admin/login' });
          for (const req of fc.sample(arb, { seed: SEED + i * 7 + j, numRuns: n })) requests.push({ op, role, req });
        });
      });

      const before = await checksums();
      const jobsBefore = t.jobs.sent.length;
      const started = performance.now();
      const failures: Failure[] = [];
      const statuses = new Map<number, number>();
      const byRole = new Map<string, number>();
      const byDefect = new Map<Defect, number>();
      const byOp = new Map<string, number>();
      const codes = new Map<string, number>();
      let next = 0;
      const worker = async () => {
        while (next < requests.length) {
          const { op, role, req } = requests[next++]!;
          const res = await t.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: req.headers,
            ...(req.payload !== undefined ? { payload: payloadOf(req) } : {}),
            remoteAddress: '10.77.0.1',
          });
          const key = `${op.method} ${op.path}`;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          byRole.set(roleName(role), (byRole.get(roleName(role)) ?? 0) + 1);
          byOp.set(key, (byOp.get(key) ?? 0) + 1);
          for (const d of req.defects) byDefect.set(d, (byDefect.get(d) ?? 0) + 1);
          const fail = (why: string) =>
            failures.push({ why, role: roleName(role), req, status: res.statusCode, body: res.body.slice(0, 300) });
          if (res.statusCode >= 500) {
            fail('5xx');
            continue;
          }
          if (res.statusCode < 400) {
            if (!(req.defects.length === 0 && NOTHING_TO_BREAK.has(key))) fail('a bad request succeeded');
            continue;
          }
          let body: { message?: unknown; code?: unknown; fields?: Record<string, string[]> };
          try {
            body = res.json();
          } catch {
            fail('4xx body is not JSON');
            continue;
          }
          if (!String(res.headers['content-type'] ?? '').startsWith('application/json'))
            fail('4xx is not sent as application/json');
          if (typeof body.message !== 'string' || !body.message.trim()) {
            fail('4xx without a message');
            continue;
          }
          const codeKey = `${res.statusCode} ${String(body.code)}${body.fields ? ' (fields)' : ''}`;
          codes.set(codeKey, (codes.get(codeKey) ?? 0) + 1);
          if (body.fields !== undefined) {
            // The error handler's format: `fields` maps each field to its problems. A schema error's
            // message is "<first field>: <its problem>"; a service's is a sentence, with the field in `fields`.
            const entries = Object.entries(body.fields);
            if (
              !entries.length ||
              !entries.every(
                ([k, v]) => k && Array.isArray(v) && v.length && v.every((m) => typeof m === 'string' && m.trim()),
              )
            ) {
              fail('a validation error without the fields it is about');
            } else {
              const named = /^([\w.]+): /.exec(body.message)?.[1];
              if (named !== undefined && named !== entries[0]![0])
                fail('a validation message names another field than its first');
            }
            // A request broken in one field only must be refused for that field.
            // (Fastify validates the body before the query: a query field is checked only where there is no body.)
            const only =
              req.single &&
              req.target &&
              !(
                op.body &&
                req.target in Object.fromEntries(op.params.filter((p) => p.in === 'query').map((p) => [p.name, 1]))
              ) &&
              [
                'missing-required',
                'wrong-type',
                'out-of-range-number',
                'bad-length',
                'hostile-string',
                'impossible-date',
                'bad-amount',
              ].includes(req.defects[0]!);
            if (
              only &&
              res.statusCode === 400 &&
              !entries.some(([k]) => k === req.target || k.startsWith(`${req.target}.`))
            )
              fail(`a validation error does not name the broken field ${req.target}`);
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      const seconds = (performance.now() - started) / 1000;
      const after = await checksums();
      const changed = Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);

      const sorted = <K>(m: Map<K, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
      const summary = {
        seed: SEED,
        requests: requests.length,
        operations: ops.length,
        seconds: Math.round(seconds * 10) / 10,
        perRole: Object.fromEntries(sorted(byRole)),
        perDefect: Object.fromEntries(DEFECTS.map((d) => [d, byDefect.get(d) ?? 0])),
        noDefectPossible: requests.filter((r) => r.req.defects.length === 0).length,
        statuses: Object.fromEntries([...statuses.entries()].sort((a, b) => a[0] - b[0])),
        codes: Object.fromEntries(sorted(codes)),
        minPerOperation: Math.min(...byOp.values()),
        tablesChecked: Object.keys(before).length,
        tablesChanged: changed,
        failures: failures.length,
      };
      console.log(`[fuzz] ${JSON.stringify(summary)}`);
      if (process.env.FUZZ_REPORT)
        writeFileSync(
          process.env.FUZZ_REPORT,
          JSON.stringify({ ...summary, failureSamples: failures.slice(0, 50) }, null, 2),
        );

      // Every request carries a defect, except on an operation with nothing to break.
      for (const { op, req } of requests)
        if (!req.defects.length)
          expect(NOTHING_TO_BREAK, `${op.method} ${op.path} ${req.url}`).toContain(`${op.method} ${op.path}`);
      expect(requests.length).toBeGreaterThanOrEqual(REQUESTS);
      expect(byOp.size).toBe(ops.length);
      const grouped = new Map<string, Failure[]>();
      for (const f of failures) {
        const k = `${f.why}: ${f.req.method} ${f.req.url.split('?')[0]!.replace(/\/[0-9a-f-]{36}/g, '/:id')} [${f.req.defects.join(',')}]`;
        grouped.set(k, [...(grouped.get(k) ?? []), f]);
      }
      const report = [...grouped.entries()].map(
        ([k, fs]) =>
          `${fs.length}× ${k}\n   e.g. ${fs[0]!.role} ${fs[0]!.req.method} ${fs[0]!.req.url.slice(0, 200)} ${JSON.stringify(fs[0]!.req.headers).slice(0, 150)} ${String(fs[0]!.req.payload ?? '').slice(0, 200)}\n   -> ${fs[0]!.status} ${fs[0]!.body}`,
      );
      expect(report, `seed ${SEED}`).toEqual([]);
      expect(changed, 'tables changed by refused requests').toEqual([]);
      expect(t.jobs.sent.length - jobsBefore, 'jobs queued by refused requests').toBe(0);
    },
    Math.max(300_000, REQUESTS * 30),
  );
});

describe('fuzzing every product operation with signed bad requests', () => {
  it(`sends ${PRODUCT_REQUESTS} bad requests with valid signatures and idempotency keys: no 5xx, every 4xx with a message, no success, nothing changed`, async () => {
    expect(productOps.length).toBeGreaterThanOrEqual(4);
    const none = () => '';
    const tokenOnly = new Set<Defect>(['malformed-token', 'unknown-token', 'no-token']);
    const requests: { op: Op; req: FuzzRequest }[] = [];
    const perOp = Math.ceil(PRODUCT_REQUESTS / productOps.length);
    productOps.forEach((op, i) => {
      const arb = requestArb(op, null, { live: none, expired: none, revoked: none }, { ids }, { loginLike: false });
      // A forged bearer token is no defect here (the product API reads none): only content defects count.
      const drawn = fc
        .sample(arb, { seed: SEED + 1000 + i, numRuns: perOp * 3 })
        .map((req) => ({ ...req, defects: req.defects.filter((d) => !tokenOnly.has(d)) }))
        .filter((req) => req.defects.length > 0 || NOTHING_TO_BREAK.has(`${op.method} ${op.path}`))
        .slice(0, perOp);
      for (const req of drawn) requests.push({ op, req });
    });
    const before = await checksums();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    let n = 0;
    const worker = async () => {
      while (next < requests.length) {
        const { op, req } = requests[next++]!;
        const payload = payloadOf(req);
        const headers: Record<string, string> = {
          ...Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'authorization')),
          ...signedHeaders(client, req.method, req.url, payload ?? ''),
          ...(req.method === 'GET' ? {} : { 'idempotency-key': `fuzz-${SEED}-${++n}` }),
        };
        const res = await t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const key = `${op.method} ${op.path}`;
        const fail = (why: string) =>
          failures.push(
            `${why}: ${req.method} ${req.url.slice(0, 150)} [${req.defects.join(',')}] ${String(payload ?? '').slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        if (res.statusCode >= 500) fail('5xx');
        else if (res.statusCode < 400) {
          if (!(req.defects.length === 0 && NOTHING_TO_BREAK.has(key))) fail('a bad request succeeded');
        } else if (typeof res.json<{ message?: unknown }>().message !== 'string') fail('4xx without a message');
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const after = await checksums();
    const changed = Object.keys({ ...before, ...after }).filter(
      (k) => before[k] !== after[k] && !PRODUCT_BOOKKEEPING.includes(k),
    );
    console.log(
      `[fuzz] product API: ${requests.length} requests, ${productOps.length} operations, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(requests.length).toBeGreaterThanOrEqual(PRODUCT_REQUESTS * 0.9);
    expect(failures.slice(0, 20), `seed ${SEED}`).toEqual([]);
    expect(changed, 'tables changed by refused product requests').toEqual([]);
    // What the idempotency keys kept: refusals only, never a success.
    const { rows } = await t.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM idempotency_keys WHERE client_id = $1 AND (state <> 'done' OR status_code NOT BETWEEN 400 AND 499)`,
      [client.id],
    );
    expect(rows[0]!.n).toBe(0);
  }, 300_000);
});

describe('the generator', () => {
  it('draws the same requests from the same seed (a failure reproduces with FUZZ_SEED)', () => {
    const tokens = {
      live: (r: string) => live.get(r) ?? null,
      expired: (r: string) => expired.get(r)!,
      revoked: (r: string) => revoked.get(r)!,
    };
    for (const op of ops) {
      const draw = () =>
        fc.sample(requestArb(op, 'Super Admin', tokens, { ids }, { loginLike: false }), { seed: SEED, numRuns: 5 });
      expect(draw(), `${op.method} ${op.path}`).toEqual(draw());
    }
  });

  it('breaks the funding search e-mail by length now that the contract limits it (the 5,000-character address answered 200 before)', async () => {
    const tokens = {
      live: (r: string) => live.get(r) ?? null,
      expired: (r: string) => expired.get(r)!,
      revoked: (r: string) => revoked.get(r)!,
    };
    const op = ops.find((o) => o.method === 'GET' && o.path === '/v1/admin/funding-request')!;
    const tooLong = fc
      .sample(requestArb(op, 'Super Admin', tokens, { ids }, { loginLike: false }), { seed: SEED, numRuns: 400 })
      .filter((r) => r.single && r.defects.join() === 'bad-length' && r.target === 'email');
    expect(tooLong.length).toBeGreaterThan(0);
    for (const req of tooLong.slice(0, 5)) {
      expect(new URL(req.url, 'http://x').searchParams.get('email')!.length).toBeGreaterThan(254);
      const res = await t.app.inject({ method: 'GET', url: req.url, headers: req.headers, remoteAddress: '10.77.0.1' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields.email).toContain('email is too long: at most 254 characters');
    }
  });
});

/** What the fuzzer found, pinned down one by one (each was a 500 or a bad value taken as good). */
describe('requests the fuzzer found answered wrongly', () => {
  const as = (role: string) => ({ authorization: `Bearer ${live.get(role)!}` });
  const send = (method: string, url: string, role: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: as(role),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('a NUL character in a filter is refused naming the field, not sent to PostgreSQL (was 500)', async () => {
    const res = await send('GET', '/v1/admin/kyc/getkyc-by-level?kycLevel=2&email=a%00b', 'Super Admin');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', fields: { email: ['Must not contain a NUL character'] } });
    expect(res.json().message).toMatch(/^email: /);
    const body = await send('PUT', '/v1/admin/profile', 'Support', { fullName: 'Fuzz\u0000Name' });
    expect(body.statusCode, body.body).toBe(400);
    expect(body.json().fields).toEqual({ fullName: ['Must not contain a NUL character'] });
  });

  it('a referral date that does not exist (2025/04/31) is refused naming the field (was 500)', async () => {
    for (const url of [
      '/v1/admin/filter-referal-users?username=someone&start=2025/04/31',
      '/v1/admin/user-referral-info?username=someone&end=2026/02/30',
    ]) {
      const res = await send('GET', url, 'Super Admin');
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fields), url).toEqual([url.includes('start=') ? 'start' : 'end']);
    }
  });

  it('a blank, null or boolean number is refused, not taken as 0 or 1', async () => {
    for (const url of [
      '/v1/admin/withdrawal-requests?status=',
      '/v1/admin/withdrawal-requests?status=%20',
      '/v1/admin/transactions?transactionState=',
      '/v1/admin/kyc/getkyc-by-level?kycLevel=',
    ]) {
      const res = await send('GET', url, 'Super Admin');
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    const config = (await send('GET', '/v1/newsletters/config', 'Super Admin')).json().data;
    for (const [field, value] of [
      ['waitMinutesPerBatch', null],
      ['waitMinutesPerBatch', ''],
      ['maxMailsPerBatch', true],
      ['maxMailsPerBatch', null],
      ['maxMailsPerBatch', '0x1F'],
      ['waitMinutesPerBatch', '1e1'],
    ] as const) {
      const res = await send('PUT', '/v1/newsletters/config', 'Super Admin', {
        senderName: config.senderName,
        senderEmail: config.senderEmail,
        maxMailsPerBatch: config.maxMailsPerBatch,
        waitMinutesPerBatch: config.waitMinutesPerBatch,
        [field]: value,
      });
      expect(res.statusCode, `${field}=${JSON.stringify(value)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const status = await send('PUT', '/v1/admin/withdrawal-request-update', 'Super Admin', {
      requestId: '6f1c1e36-6a8d-4a40-9a3b-3c1c1f0f0f0f',
      status: null,
    });
    expect(status.statusCode, status.body).toBe(400);
    expect(Object.keys(status.json().fields)).toEqual(['status']);
  });
});
