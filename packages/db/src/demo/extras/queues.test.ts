import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../../test/test-db';
import type { Db } from '../../client';
import { generateDemoData } from '../generate';
import { topUpQueues } from './queues';

const NOW = new Date('2026-03-15T10:30:00Z');
const q = async (db: Db, text: string) => (await db.$client.query(text)).rows;

describe('queue demo rows', () => {
  const dbs: { db: Db; drop: () => Promise<void> }[] = [];
  beforeAll(async () => {
    for (const seed of [21, 21]) {
      const made = await createTestDb();
      dbs.push(made);
      await generateDemoData(made.db, { users: 300, seed, now: NOW });
    }
  });
  afterAll(async () => {
    for (const d of dbs) await d.drop();
  });

  it('fills both queues, every process list status, every withdrawal-out status, providers and bridge requests', async () => {
    const db = dbs[0]!.db;
    const items = await q(db, `SELECT queue, status, count(*)::int AS n FROM queue_items GROUP BY 1, 2 ORDER BY 1, 2`);
    const byKey = Object.fromEntries(items.map((r) => [`${r.queue}:${r.status}`, r.n]));
    // All five statuses in both queues (the status filter shows rows for each).
    for (const queue of ['deposit', 'withdraw']) {
      for (const status of ['pending', 'processing', 'done', 'cancelled', 'failed'])
        expect(byKey[`${queue}:${status}`], `${queue}:${status}`).toBeGreaterThan(0);
    }
    expect(Object.keys(byKey).sort()).toHaveLength(10);
    expect(byKey['deposit:pending'], 'a believable pending deposit queue').toBeGreaterThanOrEqual(10);
    const lists = await q(
      db,
      `SELECT pl.type, pl.status, b.transaction_hash = pl.transaction_hash AS batched
                                 FROM process_lists pl LEFT JOIN batches b ON b.id = pl.batch_id ORDER BY type, status`,
    );
    expect(lists).toEqual([
      { type: 'deposit', status: 0, batched: null },
      { type: 'deposit', status: 2, batched: true },
      { type: 'withdraw', status: 1, batched: true },
      { type: 'withdraw', status: 2, batched: true },
    ]);
    const statuses = (await q(db, `SELECT DISTINCT status FROM withdrawal_requests ORDER BY 1`)).map((r) => r.status);
    expect(statuses).toEqual([0, 1, 2, 3, 5, 6, 7, 8]);
    expect((await q(db, `SELECT count(*)::int AS n FROM liquidity_providers WHERE NOT is_active`))[0]!.n).toBe(2);
    expect((await q(db, `SELECT count(*)::int AS n FROM bridge_sell_requests`))[0]!.n).toBeGreaterThan(0);
    // The counters equal the rows (the load may run with triggers off).
    const counts = await q(db, `SELECT queue, status, n::int FROM queue_counts WHERE n <> 0 ORDER BY 1, 2`);
    const actual = await q(
      db,
      `SELECT queue, status, count(*)::int AS n FROM queue_items GROUP BY 1, 2
                                UNION ALL SELECT 'withdrawout', status::text, count(*)::int FROM withdrawal_requests GROUP BY 2 ORDER BY 1, 2`,
    );
    expect(counts).toEqual(actual);
  });

  it('is the same for the same seed', async () => {
    const rows = async (db: Db) => q(db, `SELECT id, status, amount::text FROM queue_items ORDER BY id`);
    expect(await rows(dbs[1]!.db)).toEqual(await rows(dbs[0]!.db));
    const wr = async (db: Db) =>
      q(db, `SELECT id, status, amount::text, destination_address FROM withdrawal_requests ORDER BY id`);
    expect(await wr(dbs[1]!.db)).toEqual(await wr(dbs[0]!.db));
  });

  /** Every anchor's rank equals the row's rank among its list's rows, and no delta is left. */
  const anchorsExact = async (db: Db) => {
    const wrong = await q(
      db,
      `
      WITH ranked AS (
        SELECT queue || ':' || status AS list_key, created_at, id, row_number() OVER (PARTITION BY queue, status ORDER BY created_at, id) AS n FROM queue_items
        UNION ALL
        SELECT 'withdrawout:' || status, created_at, id, row_number() OVER (PARTITION BY status ORDER BY created_at, id) FROM withdrawal_requests)
      SELECT a.list_key, a.rank, r.n FROM queue_list_anchors a LEFT JOIN ranked r ON r.list_key = a.list_key AND r.id = a.sort_id AND r.created_at = a.sort_key
       WHERE r.n IS DISTINCT FROM a.rank`,
    );
    expect(wrong).toEqual([]);
  };

  it("builds the queue lists' rank anchors exactly", async () => {
    const db = dbs[0]!.db;
    await anchorsExact(db);
    // The anchors' spacing is the SQL functions' default.
    const { n } = (await q(db, `SELECT count(*)::int AS n FROM queue_list_deltas`))[0]!;
    expect(n).toBe(0);
  });

  it('tops the queues up to a given size: proportions kept, counters and anchors exact, no list changed, deterministic', async () => {
    const before = async (db: Db) =>
      q(db, `SELECT queue, status, count(*)::int AS n FROM queue_items GROUP BY 1, 2 ORDER BY 1, 2`);
    const db = dbs[0]!.db;
    const start = await before(db);
    const startTotal = start.reduce((a, r) => a + (r.n as number), 0);
    const startWr = (await q(db, `SELECT count(*)::int AS n FROM withdrawal_requests`))[0]!.n as number;
    const inLists = await q(
      db,
      `SELECT process_list_id, count(*)::int AS n, sum(amount)::text AS total FROM queue_items WHERE process_list_id IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
    const indexes = async (d: Db) =>
      q(
        d,
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('queue_items', 'withdrawal_requests') ORDER BY 1`,
      );
    const indexesBefore = await indexes(db);
    // The second database as the generator tops up: the copies written before the indexes.
    for (const [i, d] of dbs.entries()) {
      const client = await d.db.$client.connect();
      try {
        await topUpQueues(client, {
          queueItems: startTotal * 3 + 7,
          withdrawalRequests: startWr * 4,
          seed: 21,
          nowMs: NOW.getTime(),
          log: () => {},
          keepIndexes: i === 0,
        });
      } finally {
        client.release();
      }
    }
    expect((await q(db, `SELECT count(*)::int AS n FROM queue_items`))[0]!.n).toBe(startTotal * 3 + 7);
    expect((await q(db, `SELECT count(*)::int AS n FROM withdrawal_requests`))[0]!.n).toBe(startWr * 4);
    // Every status grows about threefold (processing copies wait as pending).
    const after = Object.fromEntries((await before(db)).map((r) => [`${r.queue}:${r.status}`, r.n as number]));
    for (const r of start) {
      if (r.status === 'processing') continue;
      expect(after[`${r.queue}:${r.status}`]! / (r.n as number), `${r.queue}:${r.status}`).toBeGreaterThan(2.5);
    }
    expect(
      await q(
        db,
        `SELECT process_list_id, count(*)::int AS n, sum(amount)::text AS total FROM queue_items WHERE process_list_id IS NOT NULL GROUP BY 1 ORDER BY 1`,
      ),
    ).toEqual(inLists);
    // Copies keep their original's customer and plan, and are never dated after now.
    expect(
      (
        await q(
          db,
          `SELECT count(*)::int AS n FROM queue_items qi JOIN savings_plans p ON p.id = qi.plan_id WHERE p.user_id <> qi.user_id OR qi.created_at > '${NOW.toISOString()}'`,
        )
      )[0]!.n,
    ).toBe(0);
    expect(
      (
        await q(
          db,
          `SELECT count(*)::int AS n FROM withdrawal_requests r JOIN wallets w ON w.id = r.wallet_id WHERE w.user_id <> r.user_id`,
        )
      )[0]!.n,
    ).toBe(0);
    const counts = await q(db, `SELECT queue, status, n::int FROM queue_counts WHERE n <> 0 ORDER BY 1, 2`);
    const actual = await q(
      db,
      `SELECT queue, status, count(*)::int AS n FROM queue_items GROUP BY 1, 2
                                UNION ALL SELECT 'withdrawout', status::text, count(*)::int FROM withdrawal_requests GROUP BY 2 ORDER BY 1, 2`,
    );
    expect(counts).toEqual(actual);
    await anchorsExact(db);
    // Denser anchors than the default, so every list of this small database has some.
    await q(db, `SELECT queue_list_anchors_rebuild(8)`);
    expect((await q(db, `SELECT count(DISTINCT list_key)::int AS n FROM queue_list_anchors`))[0]!.n).toBeGreaterThan(
      10,
    );
    await anchorsExact(db);
    const ids = async (d: Db) => q(d, `SELECT id, status, created_at FROM queue_items ORDER BY id`);
    expect(await ids(dbs[1]!.db)).toEqual(await ids(db));
    // Same rows either way, whole, and the same indexes afterwards.
    const rows = async (d: Db) =>
      q(
        d,
        `SELECT (SELECT md5(string_agg(t::text, ',' ORDER BY t.id)) FROM queue_items t) AS items,
                (SELECT md5(string_agg(t::text, ',' ORDER BY t.id)) FROM withdrawal_requests t) AS requests`,
      );
    expect(await rows(dbs[1]!.db)).toEqual(await rows(db));
    expect(await indexes(dbs[1]!.db)).toEqual(indexesBefore);
    expect(await indexes(db)).toEqual(indexesBefore);
  });
});
