import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../../test/test-db';
import type { Db } from '../../client';
import { generateDemoData } from '../generate';

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
  afterAll(async () => { for (const d of dbs) await d.drop(); });

  it('fills both queues, every process list status, every withdrawal-out status, providers and bridge requests', async () => {
    const db = dbs[0]!.db;
    const items = await q(db, `SELECT queue, status, count(*)::int AS n FROM queue_items GROUP BY 1, 2 ORDER BY 1, 2`);
    const byKey = Object.fromEntries(items.map((r) => [`${r.queue}:${r.status}`, r.n]));
    for (const key of ['deposit:pending', 'deposit:processing', 'deposit:done', 'withdraw:pending', 'withdraw:processing', 'withdraw:done']) {
      expect(byKey[key], key).toBeGreaterThan(0);
    }
    expect(byKey['deposit:pending'], 'a believable pending deposit queue').toBeGreaterThanOrEqual(10);
    const lists = await q(db, `SELECT pl.type, pl.status, b.transaction_hash = pl.transaction_hash AS batched
                                 FROM process_lists pl LEFT JOIN batches b ON b.id = pl.batch_id ORDER BY type, status`);
    expect(lists).toEqual([
      { type: 'deposit', status: 0, batched: null }, { type: 'deposit', status: 2, batched: true },
      { type: 'withdraw', status: 1, batched: true }, { type: 'withdraw', status: 2, batched: true },
    ]);
    const statuses = (await q(db, `SELECT DISTINCT status FROM withdrawal_requests ORDER BY 1`)).map((r) => r.status);
    expect(statuses).toEqual([0, 1, 2, 3, 5, 6, 7, 8]);
    expect((await q(db, `SELECT count(*)::int AS n FROM liquidity_providers WHERE NOT is_active`))[0]!.n).toBe(2);
    expect((await q(db, `SELECT count(*)::int AS n FROM bridge_sell_requests`))[0]!.n).toBeGreaterThan(0);
    // The counters equal the rows (the load may run with triggers off).
    const counts = await q(db, `SELECT queue, status, n::int FROM queue_counts WHERE n <> 0 ORDER BY 1, 2`);
    const actual = await q(db, `SELECT queue, status, count(*)::int AS n FROM queue_items GROUP BY 1, 2
                                UNION ALL SELECT 'withdrawout', status::text, count(*)::int FROM withdrawal_requests GROUP BY 2 ORDER BY 1, 2`);
    expect(counts).toEqual(actual);
  });

  it('is the same for the same seed', async () => {
    const rows = async (db: Db) => q(db, `SELECT id, status, amount::text FROM queue_items ORDER BY id`);
    expect(await rows(dbs[1]!.db)).toEqual(await rows(dbs[0]!.db));
    const wr = async (db: Db) => q(db, `SELECT id, status, amount::text, destination_address FROM withdrawal_requests ORDER BY id`);
    expect(await wr(dbs[1]!.db)).toEqual(await wr(dbs[0]!.db));
  });
});
