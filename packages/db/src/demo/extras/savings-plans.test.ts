import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../../test/test-db';
import type { Db } from '../../client';
import { generateDemoData } from '../generate';

const NOW = new Date('2026-03-15T10:30:00Z');
const USERS = 800;

const one = async (db: Db, sql: string) => (await db.$client.query(sql)).rows[0] as Record<string, string>;
const tableHash = async (db: Db, table: string, order: string) =>
  (await one(db, `SELECT md5(string_agg(t::text, ',' ORDER BY ${order})) AS h FROM ${table} t`)).h;

describe('demo batches, reward records and user types', () => {
  const dbs: { db: Db; drop: () => Promise<void> }[] = [];
  let a: Db;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dbs.push(await createTestDb());
    for (const d of dbs) await generateDemoData(d.db, { users: USERS, seed: 11, now: NOW });
    a = dbs[0]!.db;
  });
  afterAll(async () => {
    for (const d of dbs) await d.drop();
  });

  it('are the same for the same seed, users and now', async () => {
    for (const [table, order] of [
      ['batches', 'id'],
      ['batch_plans', 'batch_id, plan_id'],
      ['reward_records', 'id'],
      ['user_usertypes', 'user_id, user_type_id'],
    ]) {
      const [ha, hb] = await Promise.all(dbs.map((d) => tableHash(d.db, table!, order!)));
      expect(ha, table).toBeTruthy();
      expect(ha, table).toBe(hb);
    }
  });

  it('put every saved plan in a resolved deposit batch part and leave some pending plans for Resolve', async () => {
    const r = await one(
      a,
      `SELECT
      (SELECT count(*) FROM savings_plans p WHERE save_status = 'saved' AND NOT EXISTS (
         SELECT 1 FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id WHERE bp.plan_id = p.id AND b.action = 'deposit' AND bp.status = 'resolved'
           AND bp.resolved_hash = b.transaction_hash AND b.plan_type = p.plan_type)) AS saved_unbatched,
      (SELECT count(*) FROM batch_plans bp JOIN savings_plans p ON p.id = bp.plan_id WHERE bp.status = 'included') AS included,
      (SELECT count(*) FROM savings_plans p WHERE save_status = 'failed' AND NOT EXISTS (
         SELECT 1 FROM batch_plans bp WHERE bp.plan_id = p.id AND bp.status = 'included')) AS failed_without_part,
      (SELECT count(*) FROM batch_plans bp JOIN savings_plans p ON p.id = bp.plan_id WHERE bp.status = 'included' AND p.save_status = 'saved') AS included_saved,
      (SELECT count(*) FROM savings_plans p WHERE plan_state = 'withdrawn' AND NOT EXISTS (
         SELECT 1 FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id WHERE bp.plan_id = p.id AND b.action = 'withdraw')) AS withdrawn_unbatched,
      (SELECT count(DISTINCT action || plan_type) FROM batches WHERE process_list_id IS NULL) AS kinds,
      (SELECT count(*) FROM batches WHERE transaction_hash !~ '^0x[0-9a-f]{64}$' OR created_at > '${NOW.toISOString()}') AS bad_batches,
      (SELECT count(*) FROM savings_plans) AS plans,
      (SELECT count(*) FROM batches) AS batches`,
    );
    expect(Number(r.saved_unbatched)).toBe(0);
    expect(Number(r.withdrawn_unbatched)).toBe(0);
    expect(Number(r.included)).toBeGreaterThanOrEqual(3);
    expect(Number(r.included_saved)).toBe(0);
    expect(Number(r.failed_without_part)).toBe(0);
    expect(Number(r.kinds)).toBe(4);
    expect(Number(r.bad_batches)).toBe(0);
    // Batches carry several plans each.
    expect(Number(r.batches)).toBeLessThan(Number(r.plans));
  });

  it('give many plans VLT rewards, between the deposit and now', async () => {
    const r = await one(
      a,
      `SELECT count(*) AS n, count(DISTINCT plan_id) AS plans,
      count(*) FILTER (WHERE rr.created_at < p.deposit_time OR rr.created_at > '${NOW.toISOString()}' OR rr.user_id <> p.user_id OR rr.amount <= 0) AS bad,
      count(*) FILTER (WHERE rr.status = 'paid' AND rr.transaction_hash IS NULL) AS paid_without_hash,
      count(*) FILTER (WHERE rr.status = 'pending') AS pending
      FROM reward_records rr JOIN savings_plans p ON p.id = rr.plan_id`,
    );
    expect(Number(r.plans)).toBeGreaterThan(50);
    expect(Number(r.n)).toBeGreaterThan(Number(r.plans));
    expect(Number(r.bad)).toBe(0);
    expect(Number(r.paid_without_hash)).toBe(0);
    expect(Number(r.pending)).toBeGreaterThan(0);
  });

  it('make referrers members of Agent, Merchant and Ambassador', async () => {
    const { rows } = await a.$client.query(`SELECT t.name::text AS name, count(*)::int AS members,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM referrals r WHERE r.referrer_id = m.user_id))::int AS referrers
      FROM user_types t JOIN user_usertypes m ON m.user_type_id = t.id GROUP BY 1 ORDER BY 1`);
    expect(rows.map((r) => r.name)).toEqual(['Agent', 'Ambassador', 'Merchant']);
    for (const r of rows) expect(r.referrers, r.name).toBe(r.members);
  });
});
