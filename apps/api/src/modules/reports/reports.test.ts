import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PAGE_SIZE } from '@vaultdesk/contract';
import { runExport } from '@vaultdesk/worker';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';
import { exportStoreFor } from '../exports/exports.service';

let t: TestApp;
let support: string;
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];
const get = (url: string, token = support) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

let seq = 0;
async function customer(name: string) {
  const n = ++seq;
  const [u] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id`,
    [name, name.toLowerCase(), `${name.toLowerCase()}@example.test`, `REP${n}`],
  );
  const [w] = await q<{ id: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id`,
    [u!.id, `0x${String(n).padStart(40, 'b')}`],
  );
  const [p] = await q<{ id: string }>(
    `INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount) VALUES ($1, 'flexible', 'Rent', 100) RETURNING id`,
    [u!.id],
  );
  return { id: u!.id, wallet: w!.id, plan: p!.id };
}
const saving = (c: { id: string; plan: string }, amount: string, state: number, at: string, currency = 'BUSD') =>
  q(
    `INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, txn_hash, description, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'Deposit', $7)`,
    [c.id, c.plan, amount, currency, state, `0x${'a'.repeat(64)}`, at],
  );
const walletTx = (c: { id: string; wallet: string }, amount: string, state: number, at: string) =>
  q(
    `INSERT INTO wallet_transactions (user_id, wallet_id, amount, final_amount, fee, currency, transaction_state, type_of_transaction, created_at)
     VALUES ($1, $2, $3, $3, 0, 'BUSD', $4, $5, $6)`,
    [c.id, c.wallet, amount, state, state === 1 ? 'withdraw' : 'funding', at],
  );

let ada: Awaited<ReturnType<typeof customer>>;
let bola: Awaited<ReturnType<typeof customer>>;
beforeAll(async () => {
  t = await createTestApp();
  support = await sessionFor(t.db, demo('support').email);
  ada = await customer('AdaReport');
  bola = await customer('BolaReport');
  // Ada: three savings in January (two Flexible Save, one Save), one in 2025; Bola: one in January, one VLT.
  await saving(ada, '100.5', 8, '2026-01-10T10:00:00Z');
  await saving(ada, '50', 8, '2026-01-31T23:59:59Z');
  await saving(ada, '20', 5, '2026-01-15T08:00:00Z');
  await saving(ada, '999', 8, '2025-12-31T23:59:59Z');
  await saving(bola, '300', 8, '2026-01-01T00:00:00Z');
  await saving(bola, '700', 8, '2026-01-02T00:00:00Z', 'VLT');
  for (let i = 0; i < 25; i++)
    await walletTx(
      i % 2 ? ada : bola,
      `${i + 1}`,
      i % 5 === 0 ? 1 : 0,
      `2026-02-${String(1 + (i % 27)).padStart(2, '0')}T12:00:00Z`,
    );
  await q(
    `INSERT INTO fee_records (user_id, transaction_amount, final_amount, fee, fee_usd, discount, currency, description, created_at) VALUES
     ($1, 100, 99, 1, 1, 0, 'BUSD', 'Withdrawal fee', '2026-03-01T10:00:00Z'),
     ($1, 1000, 990, 10, 2.5, 50, 'VLT', 'Withdrawal fee', '2026-03-02T10:00:00Z'),
     ($2, 200, 198.5, 1.5, 1.5, 0, 'BUSD', 'Swap fee', '2026-03-03T10:00:00Z'),
     ($2, 200, 198, 2, 2, 0, 'BUSD', 'Swap fee', '2026-04-01T10:00:00Z')`,
    [ada.id, bola.id],
  );
  await q(`INSERT INTO gas_records (amount, action, bnb_price, final_shares, gas_cost_usd, gas_price, gas_used, init_shares, price_per_full_share, share_balance, protocol_name, process_status, transaction_hash, created_at) VALUES
     (1000, 'deposit', 600, 1950, 0.6, 5, 200000, 1000, 1.05, 1950, 'xAuto', 'done', '0xabc', '2026-03-05T00:00:00Z'),
     (500, 'withdraw', 610, 1474, 0.9, 5, 300000, 1950, 1.05, 1474, 'xAuto', 'done', '0xdef', '2026-03-06T00:00:00Z'),
     (10, 'deposit', 620, 1, 1.0, 5, 1, 1, 1.05, 1, 'xAuto', 'done', null, '2025-03-06T00:00:00Z')`);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/admin/transactions', () => {
  it('lists savings transactions of the range, newest first, with the customer, to any staff', async () => {
    const res = await get('/v1/admin/transactions?type=savings&start=2026-01-01&end=2026-01-31&page=1');
    expect(res.statusCode).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Successfully fetched records');
    expect(data).toMatchObject({
      type: 'savings',
      currentPage: 1,
      totalRecords: 5,
      totalIsCapped: false,
      totalPage: 1,
      pageSize: REPORT_PAGE_SIZE,
      start: '2026-01-01',
      end: '2026-01-31',
    });
    expect(data.records.map((r: { amount: string }) => r.amount)).toEqual(['50', '20', '100.5', '700', '300']);
    expect(data.records[0]).toEqual({
      _id: expect.any(String),
      userId: { _id: ada.id, username: 'adareport', email: 'adareport@example.test', profileUrl: null },
      amount: '50',
      currency: 'BUSD',
      network: 56,
      txnHash: `0x${'a'.repeat(64)}`,
      transactionState: 8,
      description: 'Deposit',
      isActive: true,
      createdAt: '2026-01-31T23:59:59.000Z',
    });
  });

  it('filters by transaction state and matches the database', async () => {
    const data = (
      await get('/v1/admin/transactions?type=savings&transactionState=8&start=2026-01-01&end=2026-01-31')
    ).json().data;
    const [sqlCount] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM savings_transactions WHERE transaction_state = 8 AND created_at >= '2026-01-01' AND created_at < '2026-02-01'`,
    );
    expect(data.totalRecords).toBe(sqlCount!.n);
    expect(data.records.every((r: { transactionState: number }) => r.transactionState === 8)).toBe(true);
  });

  it('pages wallet transactions (page 2 holds the rest), and their states filter too', async () => {
    const p1 = (await get('/v1/admin/transactions?type=wallet&start=2026-02-01&end=2026-02-28&page=1')).json().data;
    const p2 = (await get('/v1/admin/transactions?type=wallet&start=2026-02-01&end=2026-02-28&page=2')).json().data;
    expect(p1).toMatchObject({ totalRecords: 25, totalPage: 2 });
    expect(p1.records).toHaveLength(20);
    expect(p2.records).toHaveLength(5);
    const ids = new Set([...p1.records, ...p2.records].map((r: { _id: string }) => r._id));
    expect(ids.size).toBe(25);
    const inOrder = await q<{ id: string }>(
      `SELECT id FROM wallet_transactions WHERE created_at >= '2026-02-01' AND created_at < '2026-03-01' ORDER BY created_at DESC, id DESC`,
    );
    expect([...ids]).toEqual(inOrder.map((r) => r.id));
    const withdrawals = (
      await get('/v1/admin/transactions?type=wallet&transactionState=1&start=2026-02-01&end=2026-02-28')
    ).json().data;
    expect(withdrawals.totalRecords).toBe(5);
  });

  it('pages at any depth exactly from the list anchors, through inserts, state changes, deletes, a refresh and a rebuild', async () => {
    const cyd = await customer('CydDepth');
    // 700 wallet transactions in June 2024 (one a minute, states 0, 1, 2 in turn): enough for anchors every 256 rows.
    await q(
      `INSERT INTO wallet_transactions (user_id, wallet_id, amount, final_amount, fee, currency, transaction_state, type_of_transaction, created_at)
             SELECT $1, $2, i, i, 0, 'BUSD', i % 3, 'funding', '2024-06-10T00:00:00Z'::timestamptz + i * interval '1 minute' FROM generate_series(1, 700) i`,
      [cyd.id, cyd.wallet],
    );
    await q(`SELECT tx_list_anchors_rebuild()`);
    expect(
      (await q<{ n: number }>(`SELECT count(*)::int AS n FROM tx_list_anchors WHERE list_key = 'wallet:all'`))[0]!.n,
    ).toBeGreaterThan(1);
    const today = new Date().toISOString().slice(0, 10);
    const ranges = [
      ['2021-10-01', today],
      ['2024-06-10', '2024-06-10'],
      ['2024-06-10', '2024-06-11'],
    ] as const;
    const check = async () => {
      for (const [start, end] of ranges) {
        for (const state of [undefined, 1]) {
          const hi = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString();
          const where = `created_at >= $1 AND created_at < $2 ${state === undefined ? '' : 'AND transaction_state = 1'}`;
          const [c] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_transactions WHERE ${where}`, [
            `${start}T00:00:00Z`,
            hi,
          ]);
          const pages = Math.ceil(c!.n / REPORT_PAGE_SIZE);
          for (const page of [1, 2, Math.max(1, pages - 1), pages, pages + 1]) {
            const url = `/v1/admin/transactions?type=wallet&start=${start}&end=${end}&page=${page}${state === undefined ? '' : `&transactionState=${state}`}`;
            const data = (await get(url)).json().data;
            const ids = await q<{ id: string }>(
              `SELECT id FROM wallet_transactions WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${REPORT_PAGE_SIZE} OFFSET ${(page - 1) * REPORT_PAGE_SIZE}`,
              [`${start}T00:00:00Z`, hi],
            );
            expect({
              url,
              total: data.totalRecords,
              capped: data.totalIsCapped,
              ids: data.records.map((r: { _id: string }) => r._id),
            }).toEqual({ url, total: c!.n, capped: false, ids: ids.map((r) => r.id) });
          }
        }
      }
    };
    await check();
    // Changes after the anchors: new rows, state changes, deletions (deltas in the same transactions).
    await q(
      `INSERT INTO wallet_transactions (user_id, wallet_id, amount, final_amount, fee, currency, transaction_state, type_of_transaction, created_at)
             SELECT $1, $2, i, i, 0, 'BUSD', 1, 'withdraw', '2024-06-10T03:00:30Z'::timestamptz + i * interval '1 minute' FROM generate_series(1, 50) i`,
      [cyd.id, cyd.wallet],
    );
    await q(
      `UPDATE wallet_transactions SET transaction_state = 1 WHERE user_id = $1 AND transaction_state = 2 AND amount < 200`,
      [cyd.id],
    );
    await q(`DELETE FROM wallet_transactions WHERE user_id = $1 AND amount BETWEEN 400 AND 440`, [cyd.id]);
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM tx_list_deltas`))[0]!.n).toBeGreaterThan(0);
    await check();
    await q(`SELECT tx_list_anchors_refresh('wallet:all'), tx_list_anchors_refresh('wallet:1')`);
    await check();
    // Without anchors (a bulk load before the start-up rebuild) the pages are the same, only slower.
    await q(`DELETE FROM tx_list_anchors`);
    await check();
  });

  it('defaults to savings from 2021-10-01 to today', async () => {
    const data = (await get('/v1/admin/transactions')).json().data;
    expect(data).toMatchObject({
      type: 'savings',
      start: '2021-10-01',
      end: new Date().toISOString().slice(0, 10),
      totalRecords: 6,
    });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['start=2026-02-01&end=2026-01-01', 'start'],
      ['end=2999-01-01', 'end'],
      ['start=2026-13-01', 'start'],
      ['transactionState=10', 'transactionState'],
      ['type=bank', 'type'],
      ['page=0', 'page'],
      ['download=yes', 'download'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/v1/admin/transactions?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), query).toContain(field);
    }
  });

  it('is refused without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/transactions' })).statusCode).toBe(401);
  });
});

describe('GET /v1/admin/transactions/group', () => {
  it('totals savings per customer and currency, largest first, checked against SQL', async () => {
    const res = await get('/v1/admin/transactions/group?start=2026-01-01&end=2026-01-31');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.DocumentCount).toBe(3);
    expect(data.records).toEqual([
      {
        _id: bola.id,
        username: 'bolareport',
        email: 'bolareport@example.test',
        currency: 'VLT',
        transactionCount: 1,
        totalTransactionAmount: '700',
      },
      {
        _id: bola.id,
        username: 'bolareport',
        email: 'bolareport@example.test',
        currency: 'BUSD',
        transactionCount: 1,
        totalTransactionAmount: '300',
      },
      {
        _id: ada.id,
        username: 'adareport',
        email: 'adareport@example.test',
        currency: 'BUSD',
        transactionCount: 3,
        totalTransactionAmount: '170.5',
      },
    ]);
    const expected = await q<{ user_id: string; currency: string; n: number; total: string }>(
      `SELECT user_id, currency, count(*)::int AS n, trim_scale(sum(amount))::text AS total FROM savings_transactions
        WHERE created_at >= '2026-01-01' AND created_at < '2026-02-01' GROUP BY 1, 2 ORDER BY sum(amount) DESC`,
    );
    expect(
      data.records.map(
        (r: { _id: string; currency: string; transactionCount: number; totalTransactionAmount: string }) => [
          r._id,
          r.currency,
          r.transactionCount,
          r.totalTransactionAmount,
        ],
      ),
    ).toEqual(expected.map((e) => [e.user_id, e.currency, e.n, e.total]));
  });

  it('filters by state', async () => {
    const data = (await get('/v1/admin/transactions/group?transactionState=5&start=2026-01-01&end=2026-01-31')).json()
      .data;
    expect(data.records).toEqual([
      expect.objectContaining({ _id: ada.id, transactionCount: 1, totalTransactionAmount: '20' }),
    ]);
    expect(data.DocumentCount).toBe(1);
  });

  it('over a range holding every row reads the maintained totals, which stay equal to SQL through inserts, updates and deletes', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const totalsFromRows = (state: number | null) =>
      q<{ user_id: string; currency: string; n: number; total: string }>(
        `SELECT user_id, currency, count(*)::int AS n, trim_scale(sum(amount))::text AS total FROM savings_transactions
        WHERE $1::int IS NULL OR transaction_state = $1 GROUP BY 1, 2 ORDER BY sum(amount) DESC, user_id, currency`,
        [state],
      );
    const summary = () =>
      q<{ s: number; user_id: string; currency: string; n: number; total: string }>(
        `SELECT transaction_state AS s, user_id, currency, n::int AS n, trim_scale(total)::text AS total FROM savings_group_totals WHERE n > 0 ORDER BY 1, 2, 3`,
      );
    const fromRows = () =>
      q<{ s: number; user_id: string; currency: string; n: number; total: string }>(
        `SELECT transaction_state AS s, user_id, currency, count(*)::int AS n, trim_scale(sum(amount))::text AS total FROM savings_transactions GROUP BY 1, 2, 3
       UNION ALL SELECT -1, user_id, currency, count(*)::int, trim_scale(sum(amount))::text FROM savings_transactions GROUP BY 2, 3 ORDER BY 1, 2, 3`,
      );
    const cyd = await customer('CydTotals');
    await saving(cyd, '12.5', 6, '2026-03-01T00:00:00Z');
    await saving(cyd, '7.25', 8, '2026-03-02T00:00:00Z');
    await q(
      `UPDATE savings_transactions SET transaction_state = 7, amount = 13 WHERE user_id = $1 AND transaction_state = 6`,
      [cyd.id],
    );
    await q(`DELETE FROM savings_transactions WHERE user_id = $1 AND transaction_state = 8`, [cyd.id]);
    expect(await summary()).toEqual(await fromRows());
    // The groups counted per state (the whole range's DocumentCount) follow the same writes.
    const counts = () =>
      q(
        `SELECT transaction_state AS s, sum(delta)::int AS n FROM savings_group_count_deltas GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1`,
      );
    const countsFromTotals = () =>
      q(
        `SELECT transaction_state AS s, count(*)::int AS n FROM savings_group_totals WHERE n > 0 GROUP BY 1 ORDER BY 1`,
      );
    expect(await counts()).toEqual(await countsFromTotals());
    await q(`SELECT savings_group_counts_compact()`);
    expect(await counts()).toEqual(await countsFromTotals());
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM savings_group_count_deltas`))[0]!.n).toBe(
      (await countsFromTotals()).length,
    );
    // Loads that write with triggers off (the demo generator) rebuild them to the same rows.
    await q(`SELECT savings_group_totals_rebuild()`);
    expect(await summary()).toEqual(await fromRows());
    expect(await counts()).toEqual(await countsFromTotals());

    for (const state of [null, 7]) {
      const url = `/v1/admin/transactions/group?start=2021-10-01&end=${today}${state === null ? '' : `&transactionState=${state}`}`;
      const data = (await get(url)).json().data;
      const expected = await totalsFromRows(state);
      expect(data.DocumentCount).toBe(expected.length);
      expect(
        data.records.map(
          (r: { _id: string; currency: string; transactionCount: number; totalTransactionAmount: string }) => [
            r._id,
            r.currency,
            r.transactionCount,
            r.totalTransactionAmount,
          ],
        ),
      ).toEqual(expected.slice(0, REPORT_PAGE_SIZE).map((e) => [e.user_id, e.currency, e.n, e.total]));
    }
    const seventh = (await get(`/v1/admin/transactions/group?start=2021-10-01&end=${today}&transactionState=7`)).json()
      .data;
    expect(seventh.records).toContainEqual(
      expect.objectContaining({ _id: cyd.id, transactionCount: 1, totalTransactionAmount: '13' }),
    );
  });

  it('a range other than the whole history is ranked once and kept, and any write to its days, even one committing after the ranking read, is in the next answer', async () => {
    const url = '/v1/admin/transactions/group?start=2024-02-01&end=2024-02-29';
    const expected = () =>
      q<{ user_id: string; currency: string; n: number; total: string }>(
        `SELECT user_id, currency, count(*)::int AS n, trim_scale(sum(amount))::text AS total FROM savings_transactions
        WHERE created_at >= '2024-02-01' AND created_at < '2024-03-01' GROUP BY 1, 2 ORDER BY sum(amount) DESC, user_id, currency`,
      );
    const answer = async () => {
      const data = (await get(url)).json().data;
      return {
        count: data.DocumentCount,
        rows: data.records.map(
          (r: { _id: string; currency: string; transactionCount: number; totalTransactionAmount: string }) => ({
            user_id: r._id,
            currency: r.currency,
            n: r.transactionCount,
            total: r.totalTransactionAmount,
          }),
        ),
      };
    };
    const matches = async () => {
      const e = await expected();
      expect(await answer()).toEqual({ count: e.length, rows: e.slice(0, REPORT_PAGE_SIZE) });
    };
    const result = async () =>
      (
        await q<{ id: string }>(
          `SELECT id::text FROM report_range_results WHERE report = 'savings-group' AND params = '2024-02-01|2024-02-29|all'`,
        )
      )[0]?.id;
    const dee = await customer('DeeRange');
    const eve = await customer('EveRange');
    for (let i = 1; i <= 25; i++)
      await saving(i % 2 ? dee : eve, `${i}.5`, 8, `2024-02-${String(i).padStart(2, '0')}T09:00:00Z`);
    // Sixteen readers of a new range at once: one ranking, the same answer for all.
    const answers = await Promise.all(Array.from({ length: 16 }, () => answer()));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(
      (
        await q<{ n: number }>(
          `SELECT count(*)::int AS n FROM report_range_results WHERE params = '2024-02-01|2024-02-29|all'`,
        )
      )[0]!.n,
    ).toBe(1);
    await matches();
    const first = await result();
    // A write outside the range's days leaves the ranking in use.
    await saving(dee, '1000', 8, '2024-03-05T00:00:00Z');
    await matches();
    expect(await result()).toBe(first);
    // Writes inside it (insert, update, delete) make the next read rank the range again.
    await saving(eve, '500', 8, '2024-02-10T00:00:00Z');
    await matches();
    const second = await result();
    expect(second).not.toBe(first);
    await q(
      `UPDATE savings_transactions SET amount = amount + 1000 WHERE user_id = $1 AND created_at = '2024-02-03T09:00:00Z'`,
      [dee.id],
    );
    await matches();
    await q(`DELETE FROM savings_transactions WHERE user_id = $1 AND created_at = '2024-02-10T00:00:00Z'`, [eve.id]);
    await matches();
    // A write still running while the range is ranked is not in that ranking, so once it commits
    // the ranking is not used again.
    const writer = await t.db.$client.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, created_at) VALUES ($1, $2, 777, 'BUSD', 8, '2024-02-20T00:00:00Z')`,
        [eve.id, eve.plan],
      );
      await q(`DELETE FROM report_range_results`);
      await matches(); // ranked now, without the uncommitted row
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    await matches(); // with it
    expect(
      (await answer()).rows.some(
        (r: { user_id: string; total: string }) => r.user_id === eve.id && Number(r.total) > 777,
      ),
    ).toBe(true);
    // Housekeeping keeps the marks a kept ranking has not seen, and drops the ones every ranking has.
    const stale = await result();
    await q(
      `INSERT INTO savings_transactions (user_id, plan_id, amount, currency, transaction_state, created_at) VALUES ($1, $2, 1, 'BUSD', 8, '2024-02-21T00:00:00Z')`,
      [dee.id, dee.plan],
    );
    await q(`SELECT report_range_compact()`);
    expect(
      (await q<{ n: number }>(`SELECT count(*)::int AS n FROM report_range_changes WHERE day = '2024-02-21'`))[0]!.n,
    ).toBe(1);
    expect(await result()).toBe(stale);
    await matches();
    await q(`SELECT report_range_compact()`);
    expect(
      (
        await q<{ n: number }>(
          `SELECT count(*)::int AS n FROM report_range_changes WHERE report = 'savings-group' AND day BETWEEN '2024-02-01' AND '2024-02-29'`,
        )
      )[0]!.n,
    ).toBe(0);
    await matches();
    // Rankings older than a day are dropped.
    await q(`UPDATE report_range_results SET computed_at = now() - interval '2 days'`);
    await q(`SELECT report_range_compact()`);
    expect(await result()).toBeUndefined();
    await matches();
  });

  it('refuses a start after the end', async () => {
    const res = await get('/v1/admin/transactions/group?start=2026-02-01&end=2026-01-31');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('start');
  });
});

describe('GET /v1/admin/fees-collectedby-vlt', () => {
  it('lists fee records of the range with the fees collected in USD and per currency', async () => {
    const res = await get('/v1/admin/fees-collectedby-vlt?start=2026-03-01&end=2026-03-31&page=1');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      totalRecords: 3,
      totalFeesCollected: '5',
      totalsByCurrency: [
        { currency: 'BUSD', fee: '2.5' },
        { currency: 'VLT', fee: '10' },
      ],
    });
    expect(data.records[0]).toEqual({
      _id: expect.any(String),
      transactionAmount: '200',
      finalAmount: '198.5',
      fee: '1.5',
      feeUSD: '1.5',
      discount: '0',
      currency: 'BUSD',
      description: 'Swap fee',
      createdAt: '2026-03-03T10:00:00.000Z',
      user: { _id: bola.id, username: 'bolareport', email: 'bolareport@example.test' },
    });
    const [sum] = await q<{ s: string }>(
      `SELECT trim_scale(sum(fee_usd))::text AS s FROM fee_records WHERE created_at >= '2026-03-01' AND created_at < '2026-04-01'`,
    );
    expect(data.totalFeesCollected).toBe(sum!.s);
  });

  it('refuses an end after today', async () => {
    expect((await get('/v1/admin/fees-collectedby-vlt?end=2999-01-01')).statusCode).toBe(400);
  });
});

describe('GET /v1/admin/gas-fees-spent', () => {
  it('lists the gas records of the range with gas used and its USD cost', async () => {
    const data = (await get('/v1/admin/gas-fees-spent?start=2026-03-01&end=2026-03-31')).json().data;
    const [totals] = await q<{ n: number; used: string; usd: string }>(
      `SELECT count(*)::int AS n, sum(gas_used)::text AS used, trim_scale(sum(gas_cost_usd))::text AS usd
         FROM gas_records WHERE created_at >= '2026-03-01' AND created_at < '2026-04-01'`,
    );
    expect(totals!.n).toBe(2);
    expect(data).toMatchObject({
      totalRecords: totals!.n,
      totalIsCapped: false,
      totalGasUsed: totals!.used,
      totalGasCostUSD: totals!.usd,
    });
    const ids = await q<{ id: string }>(
      `SELECT id::text FROM gas_records WHERE created_at >= '2026-03-01' AND created_at < '2026-04-01' ORDER BY created_at DESC, id DESC`,
    );
    expect(data.records.map((r: { _id: string }) => r._id)).toEqual(ids.map((r) => r.id));
    expect(data.records[0]).toMatchObject({
      action: 'withdraw',
      gasUsed: 300000,
      gasCostUSD: '0.9',
      bnbPrice: '610',
      transactionHash: '0xdef',
      pricePerFullShare: '1.05',
      shareBalance: '1474',
    });
  });

  it('refuses bad dates with 400 naming the field', async () => {
    const after = await get('/v1/admin/gas-fees-spent?start=2026-04-01&end=2026-03-01');
    expect(after.statusCode).toBe(400);
    expect(after.json().fields).toHaveProperty('start');
    const future = await get('/v1/admin/gas-fees-spent?end=2999-01-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toHaveProperty('end');
    const notADate = await get('/v1/admin/gas-fees-spent?start=2026-02-30');
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().fields).toHaveProperty('start');
  });
});

describe('financial reports (Compliance and Super Admin)', () => {
  let compliance: string;
  beforeAll(async () => {
    compliance = await sessionFor(t.db, demo('compliance').email);
  });

  it('GET /v1/admin/financials: fees in USD against gas over the range, per currency and month; 403 for Support', async () => {
    expect((await get('/v1/admin/financials?start=2026-03-01&end=2026-04-30')).statusCode).toBe(403);
    const res = await get('/v1/admin/financials?start=2026-03-01&end=2026-04-30', compliance);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      start: '2026-03-01',
      end: '2026-04-30',
      totalFeesUSD: '7',
      totalGasCostUSD: '1.5',
      netUSD: '5.5',
      feeCount: 4,
      byCurrency: [
        { currency: 'BUSD', fee: '4.5', feeUSD: '4.5', count: 3 },
        { currency: 'VLT', fee: '10', feeUSD: '2.5', count: 1 },
      ],
      byMonth: [
        { month: '2026-03', feeUSD: '5', gasCostUSD: '1.5' },
        { month: '2026-04', feeUSD: '2', gasCostUSD: '0' },
      ],
    });
    expect((await get('/v1/admin/financials?start=2026-05-01&end=2026-04-30', compliance)).statusCode).toBe(400);
  });

  it('GET /v1/admin/growth-report: every week present, sign-ups and activity counted from the data', async () => {
    const recent = await customer('GrowthGina');
    await q(`UPDATE users SET kyc_level_two_status = 'approved' WHERE id = $1`, [recent.id]);
    await saving(recent, '10', 8, new Date().toISOString());
    await walletTx(recent, '5', 0, new Date().toISOString());
    const res = await get('/v1/admin/growth-report?weeks=4', compliance);
    expect(res.statusCode).toBe(200);
    const { weeks, totalUsers } = res.json().data;
    expect(weeks).toHaveLength(4);
    const monday = new Date(weeks[3].weekStart);
    expect(monday.getUTCDay()).toBe(1);
    const [n] = await q<{ signups: number; users: number }>(
      `SELECT count(*) FILTER (WHERE created_at >= $1)::int AS signups, count(*)::int AS users FROM users`,
      [weeks[3].weekStart],
    );
    expect(weeks[3]).toMatchObject({
      signUps: n!.signups,
      verifiedUsers: 1,
      savingsCount: 1,
      savingsVolumeUSD: '0',
      walletTxCount: 1,
      activeUsers: 1,
    });
    expect(totalUsers).toBe(n!.users);
    expect((await get('/v1/admin/growth-report?weeks=0', compliance)).statusCode).toBe(400);
  });

  it('GET /v1/admin/feature-report: uses and customers per feature per week', async () => {
    const data = (await get('/v1/admin/feature-report?weeks=2', compliance)).json().data;
    expect(data.weeks).toHaveLength(2);
    expect(data.weeks[1]).toMatchObject({
      uses: { funding: 1, flexibleSavings: 1 },
      users: { funding: 1, flexibleSavings: 1 },
    });
  });

  it('the day and week buckets the reports read stay equal to SQL through inserts, updates and deletes', async () => {
    const financials = async () =>
      (await get('/v1/admin/financials?start=2026-03-01&end=2026-04-30', compliance)).json().data;
    const fees = async () =>
      (await get('/v1/admin/fees-collectedby-vlt?start=2026-03-01&end=2026-03-31', compliance)).json().data;
    const sqlFees = async () =>
      (
        await q<{ s: string; n: number }>(
          `SELECT trim_scale(sum(fee_usd))::text AS s, count(*)::int AS n FROM fee_records WHERE created_at >= '2026-03-01' AND created_at < '2026-05-01'`,
        )
      )[0]!;
    expect((await financials()).totalFeesUSD).toBe('7');
    const [computed] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM report_buckets WHERE kind = 'fees' AND bucket BETWEEN '2026-03-01' AND '2026-04-30'`,
    );
    expect(computed!.n).toBe(61);

    const [added] = await q<{ id: string }>(
      `INSERT INTO fee_records (user_id, transaction_amount, final_amount, fee, fee_usd, currency, created_at)
      VALUES ($1, 10, 7, 3, 3.25, 'BUSD', '2026-03-10T12:00:00Z') RETURNING id`,
      [ada.id],
    );
    expect(await financials()).toMatchObject({ totalFeesUSD: (await sqlFees()).s, feeCount: 5, netUSD: '8.75' });
    expect(await fees()).toMatchObject({ totalRecords: 4, totalFeesCollected: '8.25' });
    await q(`UPDATE fee_records SET fee_usd = 4, created_at = '2026-04-02T00:00:00Z' WHERE id = $1`, [added!.id]);
    const moved = await financials();
    expect(moved).toMatchObject({ totalFeesUSD: '11', feeCount: 5 });
    expect(moved.byMonth).toEqual([
      { month: '2026-03', feeUSD: '5', gasCostUSD: '1.5' },
      { month: '2026-04', feeUSD: '6', gasCostUSD: '0' },
    ]);
    expect((await fees()).totalRecords).toBe(3);
    await q(`DELETE FROM fee_records WHERE id = $1`, [added!.id]);
    expect(await financials()).toMatchObject({ totalFeesUSD: '7', feeCount: 4 });
    expect((await sqlFees()).n).toBe(4);
    await q(`UPDATE gas_records SET gas_cost_usd = 2 WHERE transaction_hash = '0xabc'`);
    expect((await financials()).totalGasCostUSD).toBe('2.9');
    await q(`UPDATE gas_records SET gas_cost_usd = 0.6 WHERE transaction_hash = '0xabc'`);
    expect((await financials()).totalGasCostUSD).toBe('1.5');
    const [dirty] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM report_dirty WHERE kind IN ('fees', 'gas') AND bucket BETWEEN '2026-03-01' AND '2026-04-30'`,
    );
    expect(dirty!.n).toBe(0);

    // Weeks: a sign-up verified or not, a wallet transaction and a referral move this week's figures.
    const growth = async () => (await get('/v1/admin/growth-report?weeks=1', compliance)).json().data;
    const features = async () => (await get('/v1/admin/feature-report?weeks=1', compliance)).json().data.weeks[0];
    const before = await growth();
    const beforeFeatures = await features();
    const late = await customer('LateLola');
    await q(`UPDATE users SET kyc_level_two_status = 'approved' WHERE id = $1`, [late.id]);
    await walletTx(late, '3', 2, new Date().toISOString());
    await q(
      `INSERT INTO referrals (referrer_id, referred_user_id, referral_state, reward_amount) VALUES ($1, $2, 'paid', 5)`,
      [late.id, ada.id],
    );
    const after = await growth();
    expect(after.totalUsers).toBe(before.totalUsers + 1);
    expect(after.weeks[0]).toMatchObject({
      signUps: before.weeks[0].signUps + 1,
      verifiedUsers: before.weeks[0].verifiedUsers + 1,
      walletTxCount: before.weeks[0].walletTxCount + 1,
      activeUsers: before.weeks[0].activeUsers + 1,
    });
    const afterFeatures = await features();
    expect(afterFeatures.uses.transfer ?? 0).toBe((beforeFeatures.uses.transfer ?? 0) + 1);
    expect(afterFeatures.users.referrals ?? 0).toBe((beforeFeatures.users.referrals ?? 0) + 1);
    await q(`UPDATE users SET kyc_level_two_status = 'rejected' WHERE id = $1`, [late.id]);
    expect((await growth()).weeks[0].verifiedUsers).toBe(before.weeks[0].verifiedUsers);
    await q(`DELETE FROM referrals WHERE referrer_id = $1`, [late.id]);
    expect((await features()).users.referrals ?? 0).toBe(beforeFeatures.users.referrals ?? 0);
  });

  it('a write that commits after a report recomputed its day is counted by the next report', async () => {
    const financials = async () =>
      (await get('/v1/admin/financials?start=2026-03-01&end=2026-03-31', compliance)).json().data;
    const writer = await t.db.$client.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO fee_records (user_id, transaction_amount, final_amount, fee, fee_usd, currency, created_at)
        VALUES ($1, 10, 9, 1, 0.5, 'BUSD', '2026-03-11T00:00:00Z')`,
        [ada.id],
      );
      // The day is dirty, but the mark is not visible yet: the report recomputes March without the row.
      await q(`INSERT INTO report_dirty (kind, bucket) VALUES ('fees', '2026-03-11')`);
      expect((await financials()).totalFeesUSD).toBe('5');
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    expect((await financials()).totalFeesUSD).toBe('5.5');
    await q(`DELETE FROM fee_records WHERE created_at = '2026-03-11T00:00:00Z'`);
    expect((await financials()).totalFeesUSD).toBe('5');
  });

  it('GET /v1/admin/referral-payouts: paid rewards per referrer in the range, checked against SQL', async () => {
    await q(
      `INSERT INTO referrals (referrer_id, referred_user_id, referral_state, reward_amount, created_at)
             VALUES ($1, $2, 'paid', 2, '2026-06-01'), ($1, $3, 'paid', 1.5, '2026-06-02'), ($2, $3 , 'pending', 0, '2026-06-03')
             ON CONFLICT DO NOTHING`,
      [ada.id, bola.id, (await customer('PaidPat')).id],
    );
    const data = (await get('/v1/admin/referral-payouts?start=2026-06-01&end=2026-06-30', compliance)).json().data;
    expect(data).toMatchObject({ totalPaid: '3.5', currency: 'VLT', totalRecords: 1 });
    expect(data.records).toEqual([
      {
        _id: ada.id,
        username: 'adareport',
        email: 'adareport@example.test',
        paidReferrals: 2,
        totalPaid: '3.5',
        lastPaidAt: '2026-06-02T00:00:00.000Z',
      },
    ]);
    // The kept ranking of a range follows the referrals: a reward paid later is in the next answer.
    const july = '/v1/admin/referral-payouts?start=2026-07-01&end=2026-07-31';
    await q(
      `INSERT INTO referrals (referrer_id, referred_user_id, referral_state, reward_amount, created_at) VALUES ($1, $2, 'pending', 0, '2026-07-03')`,
      [bola.id, (await customer('PendingPeg')).id],
    );
    expect((await get(july, compliance)).json().data).toMatchObject({ totalPaid: '0', totalRecords: 0, records: [] });
    await q(
      `UPDATE referrals SET referral_state = 'paid', reward_amount = 4 WHERE referrer_id = $1 AND created_at = '2026-07-03'`,
      [bola.id],
    );
    const after = (await get(july, compliance)).json().data;
    expect(after).toMatchObject({ totalPaid: '4', totalRecords: 1 });
    expect(after.records.map((r: { _id: string; paidReferrals: number }) => [r._id, r.paidReferrals])).toEqual([
      [bola.id, 1],
    ]);
  });

  it('GET /v1/admin/referral-payouts?download=true exports the same rows as CSV, for its requester only', async () => {
    const res = await get(
      '/v1/admin/referral-payouts?start=2026-06-01&end=2026-06-30&page=3&download=true',
      compliance,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Export started');
    expect(data).toMatchObject({ report: 'referral-payouts', status: 'queued' });
    const [row] = await q<{ params: unknown }>(`SELECT params FROM exports WHERE id = $1`, [data.exportId]);
    expect(row!.params).toEqual({ start: '2026-06-01', end: '2026-06-30' });
    await runExport(t.db, exportStoreFor(t.db, t.config), data.exportId);
    const file = await get(data.link, compliance);
    expect(file.statusCode).toBe(200);
    expect(file.body.trimEnd().split('\n')).toEqual([
      'userId,username,email,paidReferrals,totalPaid,currency,lastPaidAt',
      `${ada.id},adareport,adareport@example.test,2,3.5,VLT,2026-06-02T00:00:00.000Z`,
    ]);
    expect((await get(data.link, support)).statusCode).toBe(403);
    expect(
      (await get('/v1/admin/referral-payouts?start=2026-06-01&end=2026-06-30&download=true', support)).statusCode,
    ).toBe(403);
    expect(
      (await get('/v1/admin/referral-payouts?start=2026-07-01&end=2026-06-30&download=true', compliance)).statusCode,
    ).toBe(400);
  });
});
