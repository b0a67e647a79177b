import { beforeAll, describe, expect, it } from 'vitest';
import { compareDecimal, FEATURES, formatAmount, formatUsd } from '@vaultdesk/contract';
import { readableSelect, runExport } from '@vaultdesk/worker';
import { bearer, demo, insertStaff, sessionFor, useTestApp } from '../../../test/helpers';
import { exportStoreFor } from './exports.service';
import { parseCsv } from '../../../../../test/csv';

const { t, tokens, q } = useTestApp();
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  // 1,200 savings transactions over 60 customers (more than one page, several COPY chunks), a
  // description with a comma, a quote and a formula, and one outside the range.
  await q(`INSERT INTO users (full_name, username, email, referral_code)
           SELECT 'Export ' || i, 'export' || i, 'export' || i || '@example.test', 'EXP' || i FROM generate_series(1, 60) i`);
  await q(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount) SELECT id, 'fixed', 'Plan', 10 FROM users WHERE username LIKE 'export%'`,
  );
  await q(`INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, description, created_at)
           SELECT p.user_id, p.id, (g * 1.25)::numeric, 'BUSD', 5 + g % 5, 'Deposit ' || g, timestamptz '2026-05-01T00:00:00Z' + g * interval '37 minutes'
             FROM savings_plans p, generate_series(1, 20) g`);
  await q(
    `UPDATE savings_transactions SET description = $1 WHERE id = (SELECT id FROM savings_transactions ORDER BY created_at, id LIMIT 1)`,
    ['=HYPERLINK("x"), "quoted"'],
  );
  await q(`INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, created_at)
           SELECT user_id, id, 1, 'BUSD', 5, '2026-07-01T00:00:00Z' FROM savings_plans LIMIT 1`);
});

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
      `SELECT e.status, e.params, s.email FROM exports e JOIN staff s ON s.id = e.requested_by WHERE e.id = $1`,
      [data.exportId],
    );
    expect(row).toEqual({
      status: 'queued',
      params: { type: 'savings', start: '2026-05-01', end: '2026-06-30' },
      email: demo('support').email,
    });
    const [audit] = await q<{ actor_email: string; after: unknown }>(
      `SELECT actor_email, after FROM audit_log WHERE action = 'export.create' AND target_id = $1`,
      [data.exportId],
    );
    expect(audit).toEqual({
      actor_email: demo('support').email,
      after: { report: 'savings-transactions', params: { type: 'savings', start: '2026-05-01', end: '2026-06-30' } },
    });
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
    expect(progress).toMatchObject({
      status: 'done',
      totalRows: 1200,
      rowsWritten: 1200,
      link: data.link,
      reportName: 'Savings transactions',
    });

    const res = await get(data.link, tokens.support);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="savings-transactions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([
      'id',
      'username',
      'email',
      'amount',
      'currency',
      'network',
      'txnHash',
      'transactionState',
      'stateName',
      'description',
      'isActive',
      'createdAt',
    ]);
    const expected = await q<Record<string, string>>(
      `SELECT t.id::text, u.username::text, u.email::text, trim_scale(t.amount)::text AS amount, t.currency, t.network::text, coalesce(t.txn_hash, '') AS hash,
              t.transaction_state::text, t.description, t.created_at
         FROM savings_transactions t JOIN users u ON u.id = t.user_id
        WHERE t.created_at >= '2026-05-01' AND t.created_at < '2026-07-01' ORDER BY t.created_at DESC, t.id DESC`,
    );
    expect(lines).toHaveLength(expected.length);
    expect(lines).toHaveLength(1200);
    lines.forEach((line, i) => {
      const e = expected[i]!;
      expect([line[0], line[1], line[2], line[3], line[4], line[5], line[6], line[7]]).toEqual([
        e.id,
        e.username,
        e.email,
        e.amount,
        e.currency,
        e.network,
        e.hash,
        e.transaction_state,
      ]);
      expect(Date.parse(line[11]!)).toBe(new Date(e.created_at!).getTime());
      // A formula is neutralised for spreadsheets; other text is as stored.
      expect(line[9]).toBe(String(e.description).startsWith('=') ? `'${e.description}` : e.description);
    });
    expect(lines.at(-1)![9]).toBe(`'=HYPERLINK("x"), "quoted"`);
    const [audit] = await q(`SELECT actor_email FROM audit_log WHERE action = 'export.download' AND target_id = $1`, [
      data.exportId,
    ]);
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
    const results = await Promise.all([
      runExport(t.db, store, data.exportId),
      runExport(t.db, store, data.exportId),
      runExport(t.db, store, data.exportId),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const [row] = await q<{ status: string; total_rows: number }>(
      `SELECT status, total_rows::int FROM exports WHERE id = $1`,
      [data.exportId],
    );
    expect(row).toEqual({ status: 'done', total_rows: 1200 });
  });

  it('exports the grouped totals with their own filter, row for row as SQL groups them', async () => {
    const res = await get(
      '/v1/admin/transactions/group?transactionState=5&start=2026-05-01&end=2026-06-30&download=true',
      tokens.support,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { data: { exportId: string; link: string; report: string } };
    expect(data.report).toBe('savings-per-user');
    expect(await runExport(t.db, exportStoreFor(t.db, t.config), data.exportId)).toBe(true);
    const [header, ...lines] = parseCsv((await get(data.link, tokens.support)).body);
    expect(header).toEqual(['userId', 'username', 'email', 'currency', 'transactionCount', 'totalTransactionAmount']);
    const expected = await q<{ row: string[] }>(
      `SELECT ARRAY[u.id::text, u.username::text, u.email::text, g.currency, g.n::text, trim_scale(g.total)::text] AS row
         FROM (SELECT user_id, currency, count(*) AS n, sum(amount) AS total FROM savings_transactions
                WHERE transaction_state = 5 AND created_at >= '2026-05-01' AND created_at < '2026-07-01' GROUP BY 1, 2) g
         JOIN users u ON u.id = g.user_id
        ORDER BY g.total DESC, g.user_id, g.currency`,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(lines).toEqual(expected.map((e) => e.row));
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
    expect(
      (
        await get(
          '/v1/admin/search-user-date?start=2026-02-01&end=2026-01-01&page=1&pageSize=10&download=true',
          tokens.support,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('Users By Country and the referral report', async () => {
    await q(`UPDATE users SET zone_country = 'GH' WHERE username IN ('export1', 'export2')`);
    const country = await run('/v1/admin/users?countryType=zone&countryCode=gh&page=1&pageSize=10&download=true');
    expect(
      country
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['export1', 'export2']);
    await q(`INSERT INTO user_types (name) VALUES ('Agent') ON CONFLICT DO NOTHING`);
    await q(
      `INSERT INTO user_usertypes (user_id, user_type_id) SELECT u.id, t.id FROM users u, user_types t WHERE u.username = 'export3' AND t.name = 'Agent'`,
    );
    await q(`INSERT INTO referrals (referrer_id, referred_user_id, device_serial_number, created_at)
             SELECT (SELECT id FROM users WHERE username = 'export3'), id, 'dev-1', '2026-01-10' FROM users WHERE username IN ('export4', 'export5')`);
    const referrals = await run(
      '/v1/admin/get-usertype-referals?userType=Agent&start=2026-01-01&end=2026-01-31&download=true',
    );
    expect(referrals).toEqual([
      ['id', 'username', 'email', 'totalReferred', 'uniqueDevice', 'unverified', 'fake'],
      [expect.any(String), 'export3', 'export3@example.test', '2', '1', '2', '1'],
    ]);
    expect(
      (await get('/v1/admin/get-usertype-referals?userType=Nobody&download=true', tokens.support)).statusCode,
    ).toBe(400);
  });
});

describe('GET /v1/admin/exports', () => {
  it("lists the caller's own exports with who asked and when; everyone's only for exports.audit", async () => {
    await startExport(tokens.compliance);
    const mine = (await get('/v1/admin/exports', tokens.support)).json().data;
    expect(mine.records.length).toBeGreaterThan(0);
    expect(
      mine.records.every((r: { requestedBy: { email: string } }) => r.requestedBy.email === demo('support').email),
    ).toBe(true);
    expect(mine.records[0]).toMatchObject({
      createdAt: expect.any(String),
      link: expect.stringMatching(/^\/downloads\//),
    });
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

/** What the export writes for a text cell: formulas (= + - @ first) quoted, NULL empty. */
const guarded = (v: string | null | undefined) =>
  v === null || v === undefined ? '' : /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;

describe('exports of the fees, gas, wallet transactions and the finance reports, row for row against SQL', () => {
  const run = async (url: string, token: string, report: string) => {
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    const { exportId, link, report: name } = res.json().data as { exportId: string; link: string; report: string };
    expect(name).toBe(report);
    expect(await runExport(t.db, exportStoreFor(t.db, t.config), exportId)).toBe(true);
    const file = await get(link, token);
    expect(file.statusCode).toBe(200);
    return parseCsv(file.body);
  };

  beforeAll(async () => {
    const [a] = await q<{ id: string }>(`SELECT id FROM users WHERE username = 'export1'`);
    const [b] = await q<{ id: string }>(`SELECT id FROM users WHERE username = 'export2'`);
    // Fees over two months and one outside; gas with text a spreadsheet would run as a formula.
    await q(
      `INSERT INTO fee_records (user_id, transaction_amount, final_amount, fee, fee_usd, discount, currency, description, created_at)
             SELECT CASE WHEN g % 2 = 0 THEN $1::uuid ELSE $2::uuid END, 100 + g, 99 + g, 1 + g * 0.25, 1 + g * 0.5, g % 3 * 10,
                    CASE WHEN g % 4 = 0 THEN 'VLT' ELSE 'BUSD' END, CASE WHEN g = 3 THEN '+fee formula' ELSE 'Withdrawal fee ' || g END,
                    timestamptz '2026-05-20T00:00:00Z' + g * interval '19 hours'
               FROM generate_series(1, 40) g`,
      [a!.id, b!.id],
    );
    await q(
      `INSERT INTO fee_records (user_id, transaction_amount, final_amount, fee, fee_usd, currency, created_at) VALUES ($1, 1, 1, 9, 9, 'BUSD', '2026-08-01')`,
      [a!.id],
    );
    await q(`INSERT INTO gas_records (amount, action, bnb_price, final_shares, gas_cost_usd, gas_price, gas_used, init_shares, price_per_full_share, share_balance, protocol_name, process_status, transaction_hash, created_at) VALUES
       (1000, 'deposit', 600, 1950, 0.6, 5, 200000, 1000, 1.05, 1950, 'xAuto', 'done', '0xabc', '2026-05-05T00:00:00Z'),
       (500, '=cmd|'' /C calc''!A0', 610, 1474, 0.9, 5, 300000, 1950, 1.05, 1474, '+protocol', '-1', '@hash', '2026-06-06T00:00:00Z'),
       (20, 'withdraw', 620, 1, 1.25, 5, 70000, 1, 1.05, 1, 'venus', 'failed', null, '2026-06-07T10:00:00Z'),
       (10, 'deposit', 620, 1, 1.0, 5, 1, 1, 1.05, 1, 'xAuto', 'done', null, '2026-08-06T00:00:00Z')`);
    const [w] = await q<{ id: string }>(
      `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', '0x00000000000000000000000000000000000000e1') RETURNING id`,
      [a!.id],
    );
    await q(
      `INSERT INTO wallet_transactions (user_id, wallet_id, amount, final_amount, fee, currency, transaction_state, type_of_transaction, description, txn_hash, to_address, from_address, created_at) VALUES
       ($1, $2, 10, 9.5, 0.5, 'BUSD', 0, 'funding', 'Top up', '0x01', '0xto', '0xfrom', '2026-05-10T00:00:00Z'),
       ($1, $2, 20, 20, 0, '=BUSD', 1, '+withdraw', '@SUM(A1)', '=HYPERLINK("http://x")', '-0xto', '@0xfrom', '2026-05-11T00:00:00Z')`,
      [a!.id, w!.id],
    );
  });

  it('Gas fees collected: every fee record of the range, newest first, as the database holds it', async () => {
    const [header, ...lines] = await run(
      '/v1/admin/fees-collectedby-vlt?start=2026-05-01&end=2026-06-30&page=2&download=true',
      tokens.support,
      'fees-collected',
    );
    expect(header).toEqual([
      'id',
      'username',
      'email',
      'transactionAmount',
      'finalAmount',
      'fee',
      'feeUSD',
      'discount',
      'currency',
      'description',
      'createdAt',
    ]);
    const expected = await q<{
      id: string;
      username: string;
      email: string;
      ta: string;
      fa: string;
      fee: string;
      usd: string;
      discount: string;
      currency: string;
      description: string | null;
      at: Date;
    }>(
      `SELECT f.id::text, u.username::text, u.email::text, trim_scale(f.transaction_amount)::text AS ta, trim_scale(f.final_amount)::text AS fa, trim_scale(f.fee)::text AS fee, trim_scale(f.fee_usd)::text AS usd,
              trim_scale(f.discount)::text AS discount, f.currency, f.description, f.created_at AS at
         FROM fee_records f JOIN users u ON u.id = f.user_id
        WHERE f.created_at >= '2026-05-01' AND f.created_at < '2026-07-01' ORDER BY f.created_at DESC, f.id DESC`,
    );
    expect(expected).toHaveLength(40);
    expect(lines).toEqual(
      expected.map((e) => [
        e.id,
        e.username,
        e.email,
        e.ta,
        e.fa,
        e.fee,
        e.usd,
        e.discount,
        e.currency,
        guarded(e.description),
        e.at.toISOString(),
      ]),
    );
    expect(lines.some((l) => l[9] === "'+fee formula")).toBe(true);
  });

  it('Gas fees spent: every gas record of the range, with every text cell guarded against formulas', async () => {
    const [header, ...lines] = await run(
      '/v1/admin/gas-fees-spent?start=2026-05-01&end=2026-06-30&download=true',
      tokens.support,
      'gas-fees-spent',
    );
    expect(header).toEqual([
      'id',
      'action',
      'amount',
      'bnbPrice',
      'gasUsed',
      'gasPrice',
      'gasCostUSD',
      'initShares',
      'finalShares',
      'pricePerFullShare',
      'shareBalance',
      'protocolName',
      'processStatus',
      'transactionHash',
      'createdAt',
    ]);
    const expected = await q<Record<string, string | null> & { at: Date }>(
      `SELECT id::text, action, trim_scale(amount)::text AS amount, trim_scale(bnb_price)::text AS bnb, trim_scale(gas_used)::text AS used, trim_scale(gas_price)::text AS price,
              trim_scale(gas_cost_usd)::text AS usd, trim_scale(init_shares)::text AS init, trim_scale(final_shares)::text AS final,
              trim_scale(price_per_full_share)::text AS ppfs, trim_scale(share_balance)::text AS balance,
              protocol_name AS protocol, process_status AS status, transaction_hash AS hash, created_at AS at
         FROM gas_records WHERE created_at >= '2026-05-01' AND created_at < '2026-07-01' ORDER BY created_at DESC, id DESC`,
    );
    expect(expected).toHaveLength(3);
    expect(lines).toEqual(
      expected.map((e) => [
        e.id,
        guarded(e.action),
        e.amount,
        e.bnb,
        e.used,
        e.price,
        e.usd,
        e.init,
        e.final,
        e.ppfs,
        e.balance,
        guarded(e.protocol),
        guarded(e.status),
        guarded(e.hash),
        e.at.toISOString(),
      ]),
    );
    const formula = lines.find((l) => l[4] === '300000')!;
    expect([formula[1], formula[11], formula[12], formula[13]]).toEqual([
      `'=cmd|' /C calc'!A0`,
      `'+protocol`,
      `'-1`,
      `'@hash`,
    ]);
  });

  it('Wallet Txs: hashes, addresses, type and currency starting with = + - @ are quoted too', async () => {
    const [header, ...lines] = await run(
      '/v1/admin/transactions?type=wallet&start=2026-05-01&end=2026-05-31&download=true',
      tokens.support,
      'wallet-transactions',
    );
    const col = (name: string) => header!.indexOf(name);
    expect(lines).toHaveLength(2);
    const [formula, plain] = lines;
    expect([
      formula![col('currency')],
      formula![col('txnHash')],
      formula![col('typeOfTransaction')],
      formula![col('description')],
      formula![col('toAddress')],
      formula![col('fromAddress')],
    ]).toEqual([`'=BUSD`, `'=HYPERLINK("http://x")`, `'+withdraw`, `'@SUM(A1)`, `'-0xto`, `'@0xfrom`]);
    expect([
      plain![col('currency')],
      plain![col('txnHash')],
      plain![col('typeOfTransaction')],
      plain![col('toAddress')],
      plain![col('fromAddress')],
      plain![col('finalAmount')],
    ]).toEqual(['BUSD', '0x01', 'funding', '0xto', '0xfrom', '9.5']);
  });

  it('Financials: one row per month of the range, equal to SQL and to the report itself; Compliance only', async () => {
    expect(
      (await get('/v1/admin/financials?start=2026-05-01&end=2026-06-30&download=true', tokens.support)).statusCode,
    ).toBe(403);
    expect(
      (await get('/v1/admin/financials?start=2026-07-01&end=2026-06-30&download=true', tokens.compliance)).statusCode,
    ).toBe(400);
    const [header, ...lines] = await run(
      '/v1/admin/financials?start=2026-05-01&end=2026-06-30&download=true',
      tokens.compliance,
      'financials',
    );
    expect(header).toEqual(['month', 'feeCount', 'feeUSD', 'gasCount', 'gasCostUSD', 'netUSD']);
    const expected = await q<{ row: string[] }>(
      `WITH m AS (SELECT to_char(d, 'YYYY-MM') AS month, d AS lo, d + interval '1 month' AS hi FROM generate_series(timestamptz '2026-05-01T00:00:00Z', '2026-06-01T00:00:00Z', interval '1 month') d)
       SELECT ARRAY[m.month, f.n::text, trim_scale(coalesce(f.usd, 0))::text, g.n::text, trim_scale(coalesce(g.usd, 0))::text, trim_scale(coalesce(f.usd, 0) - coalesce(g.usd, 0))::text] AS row
         FROM m, LATERAL (SELECT count(*) AS n, sum(fee_usd) AS usd FROM fee_records WHERE created_at >= m.lo AND created_at < m.hi) f,
              LATERAL (SELECT count(*) AS n, sum(gas_cost_usd) AS usd FROM gas_records WHERE created_at >= m.lo AND created_at < m.hi) g
        WHERE f.n + g.n > 0 ORDER BY m.month`,
    );
    expect(expected).toHaveLength(2);
    expect(lines).toEqual(expected.map((e) => e.row));
    const report = (await get('/v1/admin/financials?start=2026-05-01&end=2026-06-30', tokens.compliance)).json()
      .data as { byMonth: { month: string; feeUSD: string; gasCostUSD: string }[] };
    expect(lines.map((l) => ({ month: l[0], feeUSD: l[2], gasCostUSD: l[4] }))).toEqual(report.byMonth);
  });

  it('Weekly growth: every week the page shows, with its figures, equal to SQL and to the report', async () => {
    const weeks = 40;
    const [header, ...lines] = await run(
      `/v1/admin/growth-report?weeks=${weeks}&download=true`,
      tokens.compliance,
      'growth-report',
    );
    expect(header).toEqual([
      'weekStart',
      'signUps',
      'verifiedUsers',
      'savingsCount',
      'savingsVolumeUSD',
      'walletTxCount',
      'activeUsers',
    ]);
    expect(lines).toHaveLength(weeks);
    const expected = await q<{ row: string[] }>(
      `SELECT ARRAY[to_char(w AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
                    (SELECT count(*) FROM users WHERE created_at >= w AND created_at < w + interval '7 days')::text,
                    (SELECT count(*) FROM users WHERE created_at >= w AND created_at < w + interval '7 days' AND kyc_level_two_status = 'approved')::text,
                    (SELECT count(*) FROM savings_transactions WHERE created_at >= w AND created_at < w + interval '7 days')::text,
                    (SELECT trim_scale(coalesce(round(sum(s.amount * coalesce(p.usd_price, 0)), 2), 0)) FROM savings_transactions s
                       LEFT JOIN token_prices p ON p.currency = s.currency WHERE s.created_at >= w AND s.created_at < w + interval '7 days')::text,
                    (SELECT count(*) FROM wallet_transactions WHERE created_at >= w AND created_at < w + interval '7 days')::text,
                    (SELECT count(DISTINCT user_id) FROM (SELECT user_id FROM wallet_transactions WHERE created_at >= w AND created_at < w + interval '7 days'
                       UNION ALL SELECT user_id FROM savings_transactions WHERE created_at >= w AND created_at < w + interval '7 days') x)::text] AS row
         FROM generate_series(date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '${weeks - 1} weeks',
                              date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', interval '7 days') w
        ORDER BY w`,
    );
    expect(lines).toEqual(expected.map((e) => e.row));
    expect(lines.some((l) => Number(l[3]) > 0)).toBe(true);
    const report = (await get(`/v1/admin/growth-report?weeks=${weeks}`, tokens.compliance)).json().data as {
      weeks: Record<string, string | number>[];
    };
    expect(lines).toEqual(
      report.weeks.map((w) =>
        [
          w.weekStart,
          w.signUps,
          w.verifiedUsers,
          w.savingsCount,
          w.savingsVolumeUSD,
          w.walletTxCount,
          w.activeUsers,
        ].map(String),
      ),
    );
  });

  it('Feature usage: uses and customers per feature for every week, equal to SQL and to the report', async () => {
    const weeks = 40;
    const [header, ...lines] = await run(
      `/v1/admin/feature-report?weeks=${weeks}&download=true`,
      tokens.compliance,
      'feature-report',
    );
    expect(header).toEqual(['weekStart', ...FEATURES.flatMap((f) => [`${f.key}Uses`, `${f.key}Users`])]);
    expect(lines).toHaveLength(weeks);
    const expected = await q<{ week: string; feature: string; uses: number; users: number }>(
      `SELECT to_char(date_trunc('week', at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, feature, count(*)::int AS uses, count(DISTINCT user_id)::int AS users
         FROM (SELECT created_at AS at, user_id, (ARRAY['funding', 'withdrawal', 'transfer', NULL, 'swap'])[transaction_state + 1] AS feature
                 FROM wallet_transactions WHERE transaction_state IN (0, 1, 2, 4)
               UNION ALL
               SELECT created_at, user_id, CASE WHEN transaction_state IN (6, 7) THEN 'fixedSavings' ELSE 'flexibleSavings' END FROM savings_transactions
               UNION ALL
               SELECT created_at, referrer_id, 'referrals' FROM referrals) x
        GROUP BY 1, 2`,
    );
    const cell = (week: string, key: string, what: 'uses' | 'users') =>
      String(expected.find((e) => e.week === week && e.feature === key)?.[what] ?? 0);
    expect(lines).toEqual(
      lines.map((l) => [l[0], ...FEATURES.flatMap((f) => [cell(l[0]!, f.key, 'uses'), cell(l[0]!, f.key, 'users')])]),
    );
    expect(lines.some((l) => l.slice(1).some((v) => v !== '0'))).toBe(true);
    const report = (await get(`/v1/admin/feature-report?weeks=${weeks}`, tokens.compliance)).json().data as {
      weeks: { weekStart: string; uses: Record<string, number>; users: Record<string, number> }[];
    };
    expect(lines).toEqual(
      report.weeks.map((w) => [
        w.weekStart,
        ...FEATURES.flatMap((f) => [String(w.uses[f.key] ?? 0), String(w.users[f.key] ?? 0)]),
      ]),
    );
  });
});

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** No cell of a file is a raw database form: no decimal with trailing zeros, no t / f. */
const noRawForms = (lines: string[][]) => {
  const raw = lines.flat().filter((cell) => /^-?\d+\.\d*0$/.test(cell) || cell === 't' || cell === 'f');
  expect(raw).toEqual([]);
};

describe('CSV cells as a person reads them: one rule by column type for every export', () => {
  it('numbers exact without trailing zeros, true/false, ISO 8601 times in UTC, dates, formulas guarded, NULL empty', async () => {
    const client = await t.db.$client.connect();
    try {
      const select = await readableSelect(
        client,
        `
        SELECT 18.000000000000000000::numeric(38,18) AS whole, 0.000000000000000001::numeric(38,18) AS tiny, (-2.50)::numeric AS neg,
               1234567.5::numeric(38,18) AS big, true AS yes, false AS no, NULL::boolean AS unknown,
               timestamptz '2026-01-02 03:04:05.678+02' AS at, date '2026-01-02' AS day, 42::int8 AS count, 0.25::float8 AS ratio,
               '=1+1'::text AS formula, '-5'::text AS "negativeText", 'plain'::citext AS name, NULL::numeric AS nothing`,
      );
      const {
        rows: [row],
      } = await client.query(select);
      expect(row).toEqual({
        whole: '18',
        tiny: '0.000000000000000001',
        neg: '-2.5',
        big: '1234567.5',
        yes: 'true',
        no: 'false',
        unknown: null,
        at: '2026-01-02T01:04:05.678Z',
        day: '2026-01-02',
        count: 42,
        ratio: '0.25',
        formula: "'=1+1",
        negativeText: "'-5",
        name: 'plain',
        nothing: null,
      });
      // A time without a zone cannot say which moment it is: refused, not guessed.
      await expect(readableSelect(client, `SELECT timestamp '2026-01-02 03:04:05' AS local`)).rejects.toThrow(
        /without time zone/,
      );
    } finally {
      client.release();
    }
  });

  it('Savings Txs through the API and the worker: the cells equal what the list answers, row for row, and as many rows', async () => {
    const [hidden] = await q<{ id: string }>(
      `UPDATE savings_transactions SET is_active = false
        WHERE id = (SELECT id FROM savings_transactions WHERE created_at >= '2026-05-01' AND created_at < '2026-07-01' ORDER BY created_at DESC, id DESC LIMIT 1)
        RETURNING id::text`,
    );
    const query = 'type=savings&start=2026-05-01&end=2026-06-30';
    const list = (await get(`/v1/admin/transactions?${query}&page=1`, tokens.support)).json().data as {
      records: { _id: string; amount: string; isActive: boolean; createdAt: string }[];
      totalRecords: number;
    };
    const { data } = await startExport(tokens.support, query);
    expect(await runExport(t.db, exportStoreFor(t.db, t.config), data.exportId)).toBe(true);
    const [header, ...lines] = parseCsv((await get(data.link, tokens.support)).body);
    const col = (name: string) => header!.indexOf(name);
    expect(lines).toHaveLength(list.totalRecords);
    expect(list.records.length).toBeGreaterThan(1);
    list.records.forEach((r, i) => {
      const line = lines[i]!;
      expect(line[col('id')]).toBe(r._id);
      // The decimal the API answers, so the screen's four decimals are the same from either.
      expect(line[col('amount')]).toBe(r.amount);
      expect(formatAmount(line[col('amount')])).toBe(formatAmount(r.amount));
      expect(line[col('isActive')]).toBe(String(r.isActive));
      expect(line[col('createdAt')]).toBe(r.createdAt);
      expect(line[col('createdAt')]).toMatch(ISO_UTC);
    });
    expect(lines[0]![col('id')]).toBe(hidden!.id);
    expect(lines[0]![col('isActive')]).toBe('false');
    expect(lines[1]![col('isActive')]).toBe('true');
    // 1.25 per step: 1.25, 2.5, 3.75, 5 ... never 2.500000000000000000.
    expect(new Set(lines.map((l) => l[col('amount')]))).toEqual(
      new Set(Array.from({ length: 20 }, (_, g) => String((g + 1) * 1.25))),
    );
    noRawForms(lines);
  });

  it('every other export of this file is free of raw forms too', async () => {
    for (const [url, token] of [
      ['/v1/admin/fees-collectedby-vlt?start=2026-05-01&end=2026-06-30', tokens.support],
      ['/v1/admin/gas-fees-spent?start=2026-05-01&end=2026-06-30', tokens.support],
      ['/v1/admin/transactions?type=wallet&start=2026-05-01&end=2026-05-31', tokens.support],
      ['/v1/admin/transactions/group?start=2026-05-01&end=2026-06-30', tokens.support],
      ['/v1/admin/financials?start=2026-05-01&end=2026-06-30', tokens.compliance],
    ] as const) {
      const res = await get(`${url}&download=true`, token);
      expect(res.statusCode, url).toBe(200);
      const { exportId, link } = res.json().data as { exportId: string; link: string };
      await runExport(t.db, exportStoreFor(t.db, t.config), exportId);
      const [, ...lines] = parseCsv((await get(link, token)).body);
      expect(lines.length, url).toBeGreaterThan(0);
      noRawForms(lines);
    }
  });
});

describe('exports of the Advanced searches: Wallet Balance Search, Search Funding Request, Plans About to Mature', () => {
  type Started = { exportId: string; link: string; report: string; status: string };
  const exportsCount = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM exports`))[0]!.n;
  /** Starts the export through the route, checks it is queued and audited, runs it as the worker does and reads the file. */
  const exportFile = async (url: string, token: string, report: string, params: Record<string, unknown>) => {
    const res = await get(url, token);
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = res.json() as { message: string; data: Started };
    expect(message).toBe('Export started');
    expect(data).toMatchObject({ report, status: 'queued' });
    const [row] = await q<{ status: string; params: unknown }>(`SELECT status, params FROM exports WHERE id = $1`, [
      data.exportId,
    ]);
    expect(row).toEqual({ status: 'queued', params });
    const [audit] = await q<{ after: unknown }>(
      `SELECT after FROM audit_log WHERE action = 'export.create' AND target_id = $1`,
      [data.exportId],
    );
    expect(audit).toEqual({ after: { report, params } });
    expect(await runExport(t.db, exportStoreFor(t.db, t.config), data.exportId)).toBe(true);
    const file = await get(data.link, token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`filename="${report}-`);
    return parseCsv(file.body);
  };
  /** Every page of a paged list, in order. */
  const allPages = async <T>(url: string, token: string) => {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const data = (await get(`${url}&page=${page}&pageSize=10`, token)).json().data as {
        records: T[];
        totalRecords: number;
        totalPage: number;
      };
      out.push(...data.records);
      if (page >= data.totalPage) return { records: out, totalRecords: data.totalRecords };
    }
  };

  it('Wallet Balance Search: every wallet the search finds, largest first, with the balance exact; refused without users.read', async () => {
    const users = await q<{ id: string }>(
      `SELECT id FROM users WHERE username LIKE 'export%' ORDER BY username LIMIT 25`,
    );
    for (const [i, u] of users.entries()) {
      const [w] = await q<{ id: string }>(
        `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Savings', '0x' || lpad(to_hex($2::int + 4096), 40, '0')) RETURNING id`,
        [u.id, i],
      );
      await q(`INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, 'xBUSD', $2, 'funding')`, [
        w!.id,
        `${(i % 9) * 100 + 50}.25`,
      ]);
    }
    const list = await allPages<{ walletId: { _id: string; userId: { email: string } }; balance: string }>(
      '/v1/admin/users-by-wallet-balance?currency=xbusd&balance=250',
      tokens.support,
    );
    expect(list.totalRecords).toBeGreaterThan(10);
    const [header, ...lines] = await exportFile(
      '/v1/admin/users-by-wallet-balance?currency=xbusd&balance=250&page=2&pageSize=10&download=true',
      tokens.support,
      'wallet-balance-search',
      { currency: 'xbusd', balance: '250' },
    );
    expect(header).toEqual([
      'walletId',
      'walletName',
      'address',
      'userId',
      'username',
      'email',
      'phoneNo',
      'currency',
      'balance',
    ]);
    expect(lines).toHaveLength(list.totalRecords);
    expect(lines.map((l) => l[0])).toEqual(list.records.map((r) => r.walletId._id));
    lines.forEach((l, i) => {
      const shown = list.records[i]!;
      expect(l[5]).toBe(shown.walletId.userId.email);
      expect(l[7]).toBe('xBUSD');
      expect(compareDecimal(l[8]!, shown.balance)).toBe(0);
      expect(formatAmount(l[8])).toBe(formatAmount(shown.balance));
      expect(l[8]).toMatch(/^\d+\.25$/);
    });
    noRawForms(lines);

    // A role without users.read gets 403 for the export as for the list, and nothing is recorded.
    await q(
      `INSERT INTO roles (slug, title, description, permissions) VALUES ('no-customers', 'No customers', 'x', ARRAY['self.account', 'reports.read'])`,
    );
    await insertStaff(t.db, 'nocustomers@vaultdesk.test', 'No Customers', 'No customers');
    const outsider = await sessionFor(t.db, 'nocustomers@vaultdesk.test');
    const before = await exportsCount();
    const refused = await get('/v1/admin/users-by-wallet-balance?currency=xbusd&balance=250&download=true', outsider);
    expect(refused.statusCode).toBe(403);
    expect(await exportsCount()).toBe(before);
    const bad = await get('/v1/admin/users-by-wallet-balance?currency=doge&balance=250&download=true', tokens.support);
    expect(bad.statusCode).toBe(400);
    expect(await exportsCount()).toBe(before);
  });

  it('Search Funding Request: every request the search finds, newest first; Compliance only; a bad search starts nothing', async () => {
    const [u] = await q<{ id: string; email: string }>(`SELECT id, email::text FROM users WHERE username = 'export7'`);
    const [other] = await q<{ id: string }>(`SELECT id FROM users WHERE username = 'export8'`);
    await q(
      `INSERT INTO funding_requests (user_id, amount_received, currency, receiving_address, transaction_hash, created_at)
             SELECT $1, 10 * g + 0.5, 'BUSD', '0x' || lpad(to_hex(g), 40, '0'), '0x' || lpad(to_hex(g + 100), 64, '0'), timestamptz '2026-03-01T00:00:00Z' + g * interval '1 day'
               FROM generate_series(1, 4) g`,
      [u!.id],
    );
    await q(
      `INSERT INTO funding_requests (user_id, amount_received, currency, receiving_address, transaction_hash) VALUES ($1, 1, 'VLT', '0x${'9'.repeat(40)}', '0x${'9'.repeat(64)}')`,
      [other!.id],
    );
    const list = (
      await get(`/v1/admin/funding-request?email=${encodeURIComponent(u!.email)}`, tokens.compliance)
    ).json().data as {
      records: { _id: string; amountReceived: string; createdAt: string; updatedAt: string }[];
    };
    expect(list.records).toHaveLength(4);
    const [header, ...lines] = await exportFile(
      `/v1/admin/funding-request?email=${encodeURIComponent(u!.email)}&download=true`,
      tokens.compliance,
      'funding-requests',
      { email: u!.email },
    );
    expect(header).toEqual([
      'id',
      'userEmail',
      'amountReceived',
      'currency',
      'receivingAddress',
      'transactionHash',
      'createdAt',
      'updatedAt',
    ]);
    expect(lines.map((l) => [l[0], l[1], l[2], l[6], l[7]])).toEqual(
      list.records.map((r) => [r._id, u!.email, r.amountReceived, r.createdAt, r.updatedAt]),
    );
    expect(lines.map((l) => l[2])).toEqual(['40.5', '30.5', '20.5', '10.5']);
    expect(lines[0]![6]).toBe('2026-03-05T00:00:00.000Z');
    noRawForms(lines);

    const byHash = await exportFile(
      `/v1/admin/funding-request?transactionHash=${'9'.repeat(64)}&download=true`,
      tokens.compliance,
      'funding-requests',
      { transactionHash: '9'.repeat(64) },
    );
    expect(byHash.slice(1).map((l) => [l[2], l[3]])).toEqual([['1', 'VLT']]);

    const before = await exportsCount();
    expect(
      (await get(`/v1/admin/funding-request?email=${encodeURIComponent(u!.email)}&download=true`, tokens.support))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await get(
          `/v1/admin/funding-request?email=${encodeURIComponent(u!.email)}&transactionHash=0x${'9'.repeat(64)}&download=true`,
          tokens.compliance,
        )
      ).statusCode,
    ).toBe(400);
    expect(await exportsCount()).toBe(before);
  });

  it('Plans About to Mature: every plan of the list, soonest first, lock end as an ISO time and the reward in USD; Compliance only', async () => {
    const [u] = await q<{ id: string; email: string }>(`SELECT id, email::text FROM users WHERE username = 'export9'`);
    const plans = await q<{ id: string }>(
      `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, share_balance, lock_period, plan_state)
       SELECT $1, 'fixed', 'Maturing ' || g, 100 + g, 98.5, now() + (g - 6) * interval '1 day', CASE WHEN g = 3 THEN 'withdrawn' ELSE 'active' END
         FROM generate_series(1, 14) g RETURNING id`,
      [u!.id],
    );
    await q(`INSERT INTO reward_records (plan_id, user_id, amount, currency) VALUES ($1, $2, 10, 'VLT')`, [
      plans[0]!.id,
      u!.id,
    ]);
    await q(
      `INSERT INTO token_prices (currency, usd_price) VALUES ('VLT', 0.5) ON CONFLICT (currency) DO UPDATE SET usd_price = 0.5`,
    );
    type Plan = {
      _id: string;
      planId: {
        planName: string;
        depositAmount: string;
        shareBalance: string;
        lockedPeriod: number | null;
        userId: { email: string };
      };
      rewardInUSD: string;
      createdAt: string;
    };
    const list = await allPages<Plan>('/v1/advanced/plans-about-to-mature?x=1', tokens.compliance);
    // Locks ending from 5 days ago to 7 days ahead, the withdrawn one left out.
    expect(list.totalRecords).toBe(12);
    // The window is kept with the export as the moment it was asked.
    const asked = Date.now();
    const [header, ...lines] = await exportFile(
      '/v1/advanced/plans-about-to-mature?download=true',
      tokens.compliance,
      'plans-about-to-mature',
      { asOf: expect.stringMatching(ISO_UTC) },
    );
    const [{ asOf }] = (await q<{ asOf: string }>(
      `SELECT params->>'asOf' AS "asOf" FROM exports WHERE report = 'plans-about-to-mature' ORDER BY created_at DESC LIMIT 1`,
    )) as [{ asOf: string }];
    expect(Math.abs(Date.parse(asOf) - asked)).toBeLessThan(5_000);
    expect(header).toEqual([
      'planId',
      'planName',
      'userId',
      'email',
      'depositAmount',
      'shareBalance',
      'lockPeriod',
      'rewardInUSD',
      'createdAt',
    ]);
    expect(lines).toHaveLength(list.totalRecords);
    lines.forEach((l, i) => {
      const shown = list.records[i]!;
      expect([l[0], l[1], l[3], l[4], l[5], l[7], l[8]]).toEqual([
        shown._id,
        shown.planId.planName,
        shown.planId.userId.email,
        shown.planId.depositAmount,
        shown.planId.shareBalance,
        shown.rewardInUSD,
        shown.createdAt,
      ]);
      expect(l[6]).toMatch(ISO_UTC);
      expect(Math.floor(Date.parse(l[6]!) / 1000)).toBe(shown.planId.lockedPeriod);
      expect(formatUsd(l[7])).toBe(formatUsd(shown.rewardInUSD));
    });
    expect(lines.find((l) => l[0] === plans[0]!.id)![7]).toBe('5');
    expect(lines.find((l) => l[0] === plans[0]!.id)![5]).toBe('98.5');
    noRawForms(lines);

    const count = await exportsCount();
    expect((await get('/v1/advanced/plans-about-to-mature?download=true', tokens.support)).statusCode).toBe(403);
    expect((await get('/v1/advanced/plans-about-to-mature?download=yes', tokens.compliance)).statusCode).toBe(400);
    expect(await exportsCount()).toBe(count);
  });
});
