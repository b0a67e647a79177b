import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../../test/helpers';

/**
 * The queue lists page from rank anchors and the queue_counts totals: after every kind of change
 * (status changes, cancels, process lists, Update Queue and Plans, withdrawal-out moves), before
 * and after the anchors are refreshed, every page and total equals plain SQL over the rows.
 */
let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createTestApp();
  token = await sessionFor(t.db, demo('superadmin').email);
});
afterAll(async () => {
  await t?.close();
});

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];
const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const SIZE = 7;
type List = { queue: 'deposit' | 'withdraw' | 'withdrawout'; status: string };
const LISTS: List[] = [
  ...['pending', 'processing', 'done', 'cancelled'].map((status) => ({ queue: 'deposit' as const, status })),
  ...['pending', 'processing', 'done', 'cancelled'].map((status) => ({ queue: 'withdraw' as const, status })),
  ...['0', '1', '3', '5', '8'].map((status) => ({ queue: 'withdrawout' as const, status })),
];

/** Every page (and one past the end) of every list through the API, against OFFSET over the rows. */
async function expectListsExact(label: string) {
  for (const l of LISTS) {
    const plain =
      l.queue === 'withdrawout'
        ? await q<{ id: string }>(
            `SELECT id FROM withdrawal_requests WHERE status = $1 ORDER BY created_at DESC, id DESC`,
            [Number(l.status)],
          )
        : await q<{ id: string }>(
            `SELECT id FROM queue_items WHERE queue = $1 AND status = $2 ORDER BY created_at, id`,
            [l.queue, l.status],
          );
    const pages = Math.ceil(plain.length / SIZE) + 1;
    for (let page = 1; page <= pages; page++) {
      const url =
        l.queue === 'withdrawout'
          ? `/v1/admin/withdrawal-requests?status=${l.status}&page=${page}&pageSize=${SIZE}`
          : `/v1/admin/${l.queue}-queue?status=${l.status}&page=${page}&pageSize=${SIZE}`;
      const res = await call('GET', url);
      expect(res.statusCode, `${label} ${url}`).toBe(200);
      const data = res.json().data as {
        records: { _id: string }[];
        totalRecords: number;
        totalPage: number;
        currentPage: number;
      };
      expect(data.totalRecords, `${label} ${url} total`).toBe(plain.length);
      expect(data.totalPage, `${label} ${url} totalPage`).toBe(Math.ceil(plain.length / SIZE));
      expect(
        data.records.map((r) => r._id),
        `${label} ${url} rows`,
      ).toEqual(plain.slice((page - 1) * SIZE, page * SIZE).map((r) => r.id));
    }
  }
}

const anchorCount = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM queue_list_anchors`))[0]!.n;
const deltaCount = async () => (await q<{ n: number }>(`SELECT count(*)::int AS n FROM queue_list_deltas`))[0]!.n;
const refreshAll = (spacing: number) =>
  Promise.all(LISTS.map((l) => q(`SELECT queue_list_anchors_refresh($1, $2)`, [`${l.queue}:${l.status}`, spacing])));

describe('queue lists: exact totals and pages at any depth', () => {
  beforeAll(async () => {
    // 60 customers, each with a wallet (balance for the refunds) and a plan; timestamps with ties.
    await q(`
      WITH u AS (
        INSERT INTO users (full_name, username, email, referral_code)
        SELECT 'List Customer ' || g, 'qlist' || g, 'qlist' || g || '@example.test', 'QLIST' || g FROM generate_series(1, 60) g RETURNING id, username),
      w AS (INSERT INTO wallets (user_id, name, address) SELECT id, 'Main', '0x' || lpad(substr(md5(username::text), 1, 40), 40, '0') FROM u RETURNING id, user_id)
      INSERT INTO savings_plans (user_id, plan_type, plan_name, deposit_amount, save_status)
      SELECT user_id, 'flexible', 'List plan', 10, 'pending' FROM w`);
    const statuses = ['pending', 'pending', 'pending', 'done', 'done', 'cancelled'];
    // 180 deposit and 90 withdraw items over the plans; every 5th shares its timestamp with the one before.
    await q(
      `
      INSERT INTO queue_items (queue, user_id, plan_id, amount, status, created_at)
      SELECT CASE WHEN g % 3 = 0 THEN 'withdraw' ELSE 'deposit' END, p.user_id, p.id, 1 + g % 17,
             CASE WHEN g % 3 = 0 THEN (ARRAY['pending', 'pending', 'done'])[1 + g % 3 / 3 + (g / 3) % 3]
                  ELSE ($1::text[])[1 + g % 6] END,
             timestamptz '2026-01-01' + ((g - g % 5 / 4) * interval '1 hour')
        FROM generate_series(1, 270) g
        JOIN LATERAL (SELECT id, user_id FROM savings_plans ORDER BY id OFFSET g % 60 LIMIT 1) p ON true`,
      [statuses],
    );
    await q(`
      INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address, created_at)
      SELECT w.user_id, w.id, 1, 5, 0, 5, 5, 0, (ARRAY[0, 0, 8, 8, 8, 5, 1])[1 + g % 7], '0x' || repeat('c', 40),
             timestamptz '2026-02-01' + ((g - g % 4 / 3) * interval '1 minute')
        FROM generate_series(1, 140) g
        JOIN LATERAL (SELECT id, user_id FROM wallets ORDER BY id OFFSET g % 60 LIMIT 1) w ON true`);
    // Anchors every 4 rows (the server's spacing is 256), so these small lists page from anchors.
    await q(`SELECT queue_list_anchors_rebuild(4)`);
  });

  it('pages exactly from freshly built anchors, with no count over the list', async () => {
    expect(await anchorCount()).toBeGreaterThan(40);
    expect(await deltaCount()).toBe(0);
    await expectListsExact('built');
  });

  it('stays exact through status changes, cancels, process lists and withdrawal-out moves, before and after a refresh', async () => {
    const pick = async (queue: string, status: string, n: number) =>
      (
        await q<{ id: string }>(
          `SELECT id FROM queue_items WHERE queue = $1 AND status = $2 ORDER BY md5(id::text) LIMIT $3`,
          [queue, status, n],
        )
      ).map((r) => r.id);
    const moved = await pick('deposit', 'pending', 6);
    for (const id of moved) {
      expect(
        (await call('PUT', '/v1/admin/update-deposit-queue-item', { queueItemId: id, status: 'processing' }))
          .statusCode,
      ).toBe(200);
    }
    for (const id of moved.slice(0, 3)) {
      expect(
        (await call('PUT', '/v1/admin/update-deposit-queue-item', { queueItemId: id, status: 'done' })).statusCode,
      ).toBe(200);
    }
    for (const id of await pick('withdraw', 'pending', 4)) {
      expect((await call('PUT', '/v1/admin/cancel-withdraw-queue-item', { queueItemId: id })).statusCode).toBe(200);
    }
    for (const id of moved.slice(3, 5)) {
      expect(
        (await call('PUT', '/v1/admin/update-deposit-queue-item', { queueItemId: id, status: 'pending' })).statusCode,
      ).toBe(200);
    }
    const list = (await call('POST', '/v1/advanced/create-process-list', { processType: 'deposit' })).json().data as {
      _id: string;
    };
    const joined = await pick('deposit', 'pending', 5);
    for (const id of joined) {
      expect(
        (
          await call('POST', '/v1/advanced/add-queue-item-to-process-list', {
            queueItemId: id,
            processListId: list._id,
          })
        ).statusCode,
      ).toBe(200);
    }
    expect(
      (
        await call('POST', '/v1/advanced/remove-queue-item-from-process-list', {
          queueItemId: joined[0],
          processListId: list._id,
        })
      ).statusCode,
    ).toBe(200);
    const requests = await q<{ id: string; status: number }>(
      `SELECT id, status FROM withdrawal_requests WHERE status IN (0, 8) ORDER BY md5(id::text) LIMIT 8`,
    );
    for (const r of requests) {
      const to = r.status === 0 ? 3 : 0;
      expect(
        (await call('PUT', '/v1/admin/withdrawal-request-update', { requestId: r.id, status: to })).statusCode,
      ).toBe(200);
    }
    expect(await deltaCount()).toBeGreaterThan(20);
    await expectListsExact('with deltas');

    // Update Queue and Plans: the list saved on chain (status 1, as save-batch leaves it), then settled.
    const hash = `0x${'ab'.repeat(32)}`;
    const [batch] = await q<{ id: string }>(
      `INSERT INTO batches (action, plan_type, transaction_hash, process_list_id, price_per_full_share) VALUES ('deposit', 'flexible', $1, $2, 1000000000000000000) RETURNING id`,
      [hash, list._id],
    );
    await q(`UPDATE process_lists SET status = 1, transaction_hash = $1, batch_id = $2 WHERE id = $3`, [
      hash,
      batch!.id,
      list._id,
    ]);
    expect((await call('POST', '/v1/advanced/process-batch', { processListId: list._id })).statusCode).toBe(200);
    expect(
      (await q(`SELECT 1 FROM queue_items WHERE process_list_id = $1 AND status = 'done'`, [list._id])).length,
    ).toBe(4);
    await expectListsExact('after Update Queue and Plans');

    await refreshAll(4);
    expect(await q(`SELECT list_key, delta FROM queue_list_deltas`)).toEqual([]);
    await expectListsExact('refreshed');
  });

  it('stays exact when changes race a refresh, and rows added or removed by hand count too', async () => {
    const ids = (
      await q<{ id: string }>(
        `SELECT id FROM queue_items WHERE queue = 'deposit' AND status = 'pending' ORDER BY md5(id::text) LIMIT 12`,
      )
    ).map((r) => r.id);
    const [changes] = await Promise.all([
      Promise.all(
        ids.map((id, i) =>
          call('PUT', '/v1/admin/update-deposit-queue-item', {
            queueItemId: id,
            status: i % 2 ? 'processing' : 'cancelled',
          }),
        ),
      ),
      refreshAll(4),
      refreshAll(4),
    ]);
    expect(changes.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    await q(
      `DELETE FROM queue_items WHERE id = (SELECT id FROM queue_items WHERE queue = 'deposit' AND status = 'done' ORDER BY created_at, id OFFSET 9 LIMIT 1)`,
    );
    await q(
      `INSERT INTO queue_items (queue, user_id, plan_id, amount, status, created_at) SELECT 'deposit', user_id, id, 3, 'done', timestamptz '2025-12-31' FROM savings_plans LIMIT 3`,
    );
    await expectListsExact('raced');
    await refreshAll(4);
    await expectListsExact('raced and refreshed');
  });

  it('totals are the counters: no count over the list in the page statement', async () => {
    // The counter row is what the page reports: bend it and the total follows (a count(*) would not).
    await q(`UPDATE queue_counts SET n = n + 1000 WHERE queue = 'deposit' AND status = 'pending'`);
    try {
      const data = (await call('GET', '/v1/admin/deposit-queue?status=pending&page=1&pageSize=7')).json().data as {
        totalRecords: number;
      };
      const { n } = (
        await q<{ n: number }>(
          `SELECT count(*)::int AS n FROM queue_items WHERE queue = 'deposit' AND status = 'pending'`,
        )
      )[0]!;
      expect(data.totalRecords).toBe(n + 1000);
    } finally {
      await q(`UPDATE queue_counts SET n = n - 1000 WHERE queue = 'deposit' AND status = 'pending'`);
    }
  });
});
