import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '@vaultdesk/worker';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';
import { exportStoreFor } from './exports.service';

let t: TestApp;
const tokens: Record<'superadmin' | 'compliance' | 'support', string> = { superadmin: '', compliance: '', support: '' };
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows as T[];
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

/** RFC 4180 CSV, as PostgreSQL writes it. */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n') { row.push(field); out.push(row); row = []; field = ''; } else field += c;
  }
  if (field || row.length) { row.push(field); out.push(row); }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['superadmin', 'compliance', 'support'] as const) tokens[role] = await sessionFor(t.db, demo(role).email);
  // 1,200 savings transactions over 60 customers (more than one page, several COPY chunks), a
  // description with a comma, a quote and a formula, and one outside the range.
  await q(`INSERT INTO users (full_name, username, email, referral_code)
           SELECT 'Export ' || i, 'export' || i, 'export' || i || '@example.test', 'EXP' || i FROM generate_series(1, 60) i`);
  await q(`INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount) SELECT id, 'fixed', 'Plan', 10 FROM users WHERE username LIKE 'export%'`);
  await q(`INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, description, created_at)
           SELECT p.user_id, p.id, (g * 1.25)::numeric, 'BUSD', 5 + g % 5, 'Deposit ' || g, timestamptz '2026-05-01T00:00:00Z' + g * interval '37 minutes'
             FROM savings_plans p, generate_series(1, 20) g`);
  await q(`UPDATE savings_transactions SET description = $1 WHERE id = (SELECT id FROM savings_transactions ORDER BY created_at, id LIMIT 1)`, ['=HYPERLINK("x"), "quoted"']);
  await q(`INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, created_at)
           SELECT user_id, id, 1, 'BUSD', 5, '2026-07-01T00:00:00Z' FROM savings_plans LIMIT 1`);
});
afterAll(async () => { await t?.close(); });

const startExport = async (token = tokens.support, query = 'type=savings&start=2026-05-01&end=2026-06-30') => {
  const res = await get(`/v1/admin/transactions?${query}&download=true`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; data: { exportId: string; link: string; status: string; report: string } };
};

describe('an export from a report call with download=true', () => {
  it('records the export with its filter, audits it, nudges the worker and answers the signed link under data', async () => {
    const { message, data } = await startExport();
    expect(message).toBe('Export started');
    expect(data).toMatchObject({ report: 'savings-transactions', status: 'queued' });
    expect(data.link).toMatch(new RegExp(`^/downloads/${data.exportId}\\.csv\\?expires=\\d+&sig=[\\w-]+$`));
    const [row] = await q<{ status: string; params: unknown; email: string }>(
      `SELECT e.status, e.params, s.email FROM exports e JOIN staff s ON s.id = e.requested_by WHERE e.id = $1`, [data.exportId]);
    expect(row).toEqual({ status: 'queued', params: { type: 'savings', start: '2026-05-01', end: '2026-06-30' }, email: demo('support').email });
    const [audit] = await q<{ actor_email: string; after: unknown }>(`SELECT actor_email, after FROM audit_log WHERE action = 'export.create' AND target_id = $1`, [data.exportId]);
    expect(audit).toEqual({ actor_email: demo('support').email, after: { report: 'savings-transactions', params: { type: 'savings', start: '2026-05-01', end: '2026-06-30' } } });
    expect(t.jobs.sent).toContain('csv-export');
  });

  it('writes every filtered row (no page cap) and the requester downloads exactly the database rows', async () => {
    const { data } = await startExport();
    // Not ready yet: the link answers 409.
    const early = await get(data.link, tokens.support);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The export is not ready yet');

    expect(await runExport(t.db, exportStoreFor(t.db, t.config), data.exportId)).toBe(true);
    const progress = (await get(`/v1/admin/exports/${data.exportId}`, tokens.support)).json().data;
    expect(progress).toMatchObject({ status: 'done', totalRows: 1200, rowsWritten: 1200, link: data.link, reportName: 'Savings transactions' });

    const res = await get(data.link, tokens.support);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="savings-transactions-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(['id', 'username', 'email', 'amount', 'currency', 'network', 'txnHash', 'transactionState', 'stateName', 'description', 'isActive', 'createdAt']);
    const expected = await q<Record<string, string>>(
      `SELECT t.id::text, u.username::text, u.email::text, t.amount::text, t.currency, t.network::text, coalesce(t.txn_hash, '') AS hash,
              t.transaction_state::text, t.description, t.created_at
         FROM savings_transactions t JOIN users u ON u.id = t.user_id
        WHERE t.created_at >= '2026-05-01' AND t.created_at < '2026-07-01' ORDER BY t.created_at DESC, t.id DESC`);
    expect(lines).toHaveLength(expected.length);
    expect(lines).toHaveLength(1200);
    lines.forEach((line, i) => {
      const e = expected[i]!;
      expect([line[0], line[1], line[2], line[3], line[4], line[5], line[6], line[7]]).toEqual([e.id, e.username, e.email, e.amount, e.currency, e.network, e.hash, e.transaction_state]);
      expect(Date.parse(line[11]!)).toBe(new Date(e.created_at!).getTime());
      // A formula is neutralised for spreadsheets; other text is as stored.
      expect(line[9]).toBe(String(e.description).startsWith('=') ? `'${e.description}` : e.description);
    });
    expect(lines.at(-1)![9]).toBe(`'=HYPERLINK("x"), "quoted"`);
    const [audit] = await q(`SELECT actor_email FROM audit_log WHERE action = 'export.download' AND target_id = $1`, [data.exportId]);
    expect(audit).toEqual({ actor_email: demo('support').email });
  });

  it('is not served to another staff member, nor with a changed or expired link, nor without a session', async () => {
    const { data } = await startExport();
    await runExport(t.db, exportStoreFor(t.db, t.config), data.exportId);
    const other = await get(data.link, tokens.compliance);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('This export belongs to another staff member');
    expect(other.body).not.toContain('export1@');
    const forged = data.link.replace(/sig=[\w-]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await get(forged, tokens.support)).statusCode).toBe(403);
    const longer = data.link.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 1000}`);
    expect((await get(longer, tokens.support)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: data.link })).statusCode).toBe(401);
    // Another staff member cannot see its progress either.
    expect((await get(`/v1/admin/exports/${data.exportId}`, tokens.compliance)).statusCode).toBe(404);
    await q(`UPDATE exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [data.exportId]);
    const expired = await get(data.link, tokens.support);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('runs once when two workers race for it', async () => {
    const { data } = await startExport();
    const store = exportStoreFor(t.db, t.config);
    const results = await Promise.all([runExport(t.db, store, data.exportId), runExport(t.db, store, data.exportId), runExport(t.db, store, data.exportId)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await q<{ status: string; total_rows: number }>(`SELECT status, total_rows::int FROM exports WHERE id = $1`, [data.exportId]);
    expect(row).toEqual({ status: 'done', total_rows: 1200 });
  });

  it('exports the grouped totals, fees and gas with their own filters', async () => {
    const { data } = await startExport(tokens.support, 'transactionState=5&start=2026-05-01&end=2026-06-30').then(async () =>
      (await get('/v1/admin/transactions/group?transactionState=5&start=2026-05-01&end=2026-06-30&download=true', tokens.support)).json());
    await runExport(t.db, exportStoreFor(t.db, t.config), data.exportId);
    const rows = parseCsv((await get(data.link, tokens.support)).body);
    const [n] = await q<{ n: number }>(`SELECT count(DISTINCT (user_id, currency))::int AS n FROM savings_transactions WHERE transaction_state = 5 AND created_at >= '2026-05-01' AND created_at < '2026-07-01'`);
    expect(rows[0]).toEqual(['userId', 'username', 'email', 'currency', 'transactionCount', 'totalTransactionAmount']);
    expect(rows.length - 1).toBe(n!.n);
    for (const path of ['fees-collectedby-vlt', 'gas-fees-spent']) {
      const res = await get(`/v1/admin/${path}?start=2026-05-01&download=true`, tokens.support);
      expect(res.statusCode, path).toBe(200);
      expect(res.json().data.report).toBe(path === 'gas-fees-spent' ? 'gas-fees-spent' : 'fees-collected');
    }
  });

  it('validates the filter before starting anything', async () => {
    const before = await q<{ n: number }>(`SELECT count(*)::int AS n FROM exports`);
    const res = await get('/v1/admin/transactions?start=2026-06-01&end=2026-05-01&download=true', tokens.support);
    expect(res.statusCode).toBe(400);
    expect(await q(`SELECT count(*)::int AS n FROM exports`)).toEqual(before);
  });
});

describe('exports of the user lists and the referral report', () => {
  const run = async (url: string) => {
    const res = await get(url, tokens.support);
    expect(res.statusCode, res.body).toBe(200);
    const { exportId, link } = res.json().data as { exportId: string; link: string };
    await runExport(t.db, exportStoreFor(t.db, t.config), exportId);
    return parseCsv((await get(link, tokens.support)).body);
  };

  it('All Users: every user who signed up in the range, newest first', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await run(`/v1/admin/search-user-date?start=2021-10-01&end=${today}&page=3&pageSize=10&download=true`);
    const users = await q<{ id: string }>(`SELECT id::text FROM users ORDER BY created_at DESC, id DESC`);
    expect(rows[0]).toEqual(['id', 'fullName', 'username', 'email', 'phoneNo', 'referralCount', 'createdAt']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(users.map((u) => u.id));
    expect((await get('/v1/admin/search-user-date?start=2026-02-01&end=2026-01-01&page=1&pageSize=10&download=true', tokens.support)).statusCode).toBe(400);
  });

  it('Users By Country and the referral report', async () => {
    await q(`UPDATE users SET zone_country = 'GH' WHERE username IN ('export1', 'export2')`);
    const country = await run('/v1/admin/users?countryType=zone&countryCode=gh&page=1&pageSize=10&download=true');
    expect(country.slice(1).map((r) => r[2]).sort()).toEqual(['export1', 'export2']);
    await q(`INSERT INTO user_types (name) VALUES ('Agent') ON CONFLICT DO NOTHING`);
    await q(`INSERT INTO user_usertypes (user_id, user_type_id) SELECT u.id, t.id FROM users u, user_types t WHERE u.username = 'export3' AND t.name = 'Agent'`);
    await q(`INSERT INTO referrals (referrer_id, referred_user_id, device_serial_number, created_at)
             SELECT (SELECT id FROM users WHERE username = 'export3'), id, 'dev-1', '2026-01-10' FROM users WHERE username IN ('export4', 'export5')`);
    const referrals = await run('/v1/admin/get-usertype-referals?userType=Agent&start=2026-01-01&end=2026-01-31&download=true');
    expect(referrals).toEqual([
      ['id', 'username', 'email', 'totalReferred', 'uniqueDevice', 'unverified', 'fake'],
      [expect.any(String), 'export3', 'export3@example.test', '2', '1', '2', '1'],
    ]);
    expect((await get('/v1/admin/get-usertype-referals?userType=Nobody&download=true', tokens.support)).statusCode).toBe(400);
  });
});

describe('GET /v1/admin/exports', () => {
  it("lists the caller's own exports with who asked and when; everyone's only for exports.audit", async () => {
    await startExport(tokens.compliance);
    const mine = (await get('/v1/admin/exports', tokens.support)).json().data;
    expect(mine.records.length).toBeGreaterThan(0);
    expect(mine.records.every((r: { requestedBy: { email: string } }) => r.requestedBy.email === demo('support').email)).toBe(true);
    expect(mine.records[0]).toMatchObject({ createdAt: expect.any(String), link: expect.stringMatching(/^\/downloads\//) });
    expect((await get('/v1/admin/exports?scope=all', tokens.support)).statusCode).toBe(403);
    const all = (await get('/v1/admin/exports?scope=all', tokens.compliance)).json().data;
    const emails = new Set(all.records.map((r: { requestedBy: { email: string } }) => r.requestedBy.email));
    expect(emails).toEqual(new Set([demo('support').email, demo('compliance').email]));
    // Links only on one's own exports.
    for (const r of all.records as { requestedBy: { email: string }; link: string | null }[]) {
      expect(r.link === null, r.requestedBy.email).toBe(r.requestedBy.email !== demo('compliance').email);
    }
  });
});
