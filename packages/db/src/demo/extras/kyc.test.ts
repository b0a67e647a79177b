import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../../test/test-db';
import type { Db } from '../../client';
import { generateDemoData } from '../generate';

const NOW = new Date('2026-03-15T10:30:00Z');
const USERS = 600;

const one = async (db: Db, sql: string) => (await db.$client.query(sql)).rows[0] as Record<string, number | string>;

describe('demo rows of KYC and compliance', () => {
  const dbs: { db: Db; drop: () => Promise<void> }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dbs.push(await createTestDb());
    for (const d of dbs) await generateDemoData(d.db, { users: USERS, seed: 5, now: NOW });
  });
  afterAll(async () => {
    for (const d of dbs) await d.drop();
  });

  it('gives every customer with a level 2 status a KYC record in the same status, and counters that match', async () => {
    const db = dbs[0]!.db;
    const r = await one(
      db,
      `SELECT
      (SELECT count(*)::int FROM users WHERE kyc_level_two_status IS NOT NULL) AS users,
      (SELECT count(*)::int FROM kyc_records) AS records,
      (SELECT count(*)::int FROM kyc_records k JOIN users u ON u.id = k.user_id
        WHERE k.level_two_status IS DISTINCT FROM u.kyc_level_two_status OR k.level_three_status IS DISTINCT FROM u.kyc_level_three_status) AS out_of_step,
      (SELECT count(*)::int FROM kyc_records WHERE level_two_status = 'submitted') AS submitted,
      (SELECT n::int FROM kyc_status_counts WHERE level = 2 AND status = 'submitted') AS counted,
      (SELECT count(*)::int FROM kyc_records WHERE level_two_status = 'rejected') AS rejected,
      (SELECT count(*)::int FROM kyc_history WHERE to_status = 'rejected') AS history,
      (SELECT count(*)::int FROM kyc_records WHERE created_at > '${NOW.toISOString()}' OR updated_at > '${NOW.toISOString()}') AS future`,
    );
    expect(r.records).toBe(r.users);
    expect(r.records).toBeGreaterThan(USERS * 0.5);
    expect(r).toMatchObject({ out_of_step: 0, future: 0 });
    expect(r.counted).toBe(r.submitted);
    expect(r.history).toBe(r.rejected);
  });

  it('has fraud signals to find: shared devices, duplicate phones and IDs, short addresses, blacklisted devices, a watchlist', async () => {
    const db = dbs[0]!.db;
    const r = await one(
      db,
      `SELECT
      (SELECT count(*)::int FROM (SELECT device_id FROM kyc_records GROUP BY 1 HAVING count(*) > 1) x) AS shared_devices,
      (SELECT count(*)::int FROM (SELECT phone_number FROM kyc_records WHERE phone_number IS NOT NULL GROUP BY 1 HAVING count(*) > 1) x) AS dup_phones,
      (SELECT count(*)::int FROM (SELECT idcard_number FROM kyc_records GROUP BY 1 HAVING count(*) > 1) x) AS dup_ids,
      (SELECT count(*)::int FROM kyc_records WHERE length(resident_address) < 15) AS short_addresses,
      (SELECT count(*)::int FROM blacklisted_devices WHERE blacklisted) AS blacklisted,
      (SELECT count(*)::int FROM blacklisted_devices WHERE NOT blacklisted) AS delisted,
      (SELECT count(*)::int FROM watchlist) AS watchlist,
      (SELECT count(*)::int FROM funding_requests) AS funding,
      (SELECT count(*)::int FROM double_fundings) AS doubles,
      (SELECT count(*)::int FROM savings_plans WHERE NOT locked AND unlocked_at IS NOT NULL) AS unlocked`,
    );
    for (const k of [
      'shared_devices',
      'dup_phones',
      'dup_ids',
      'short_addresses',
      'blacklisted',
      'watchlist',
      'funding',
      'doubles',
      'unlocked',
    ]) {
      expect(r[k], k).toBeGreaterThan(0);
    }
  });

  it('leaves the KYC list anchors and the compliance counters exact for the rows it wrote', async () => {
    const db = dbs[0]!.db;
    // Every anchor's rank is its position in its list, and no list is left without its anchors.
    const r = await one(
      db,
      `SELECT
      (SELECT count(*)::int FROM kyc_list_anchors) AS anchors,
      (SELECT count(*)::int FROM kyc_list_deltas) AS deltas,
      (SELECT count(*)::int FROM kyc_list_anchors a WHERE a.rank <> (
         SELECT count(*) FROM kyc_records k WHERE (k.updated_at, k.id) <= (a.sort_key, a.sort_id)
           AND CASE split_part(a.list_key, ':', 1) WHEN '2' THEN k.level_two_status ELSE k.level_three_status END
               = coalesce(nullif(split_part(a.list_key, ':', 2), 'all'),
                          CASE split_part(a.list_key, ':', 1) WHEN '2' THEN k.level_two_status ELSE k.level_three_status END))) AS wrong_ranks,
      (SELECT count(*)::int FROM kyc_records WHERE level_two_status IS NOT NULL) AS level_two,
      (SELECT count(*)::int FROM kyc_list_anchors WHERE list_key = '2:all') AS level_two_anchors,
      (SELECT n::int FROM compliance_list_counts WHERE list_key = 'watchlist') AS watchlist_counted,
      (SELECT count(*)::int FROM watchlist) AS watchlist,
      (SELECT n::int FROM compliance_list_counts WHERE list_key = 'double_fundings:pending') AS pending_counted,
      (SELECT count(*)::int FROM double_fundings WHERE status = 'pending') AS pending`,
    );
    expect(r.anchors).toBeGreaterThan(0);
    expect(r).toMatchObject({ deltas: 0, wrong_ranks: 0, level_two_anchors: Math.floor(Number(r.level_two) / 256) });
    expect(r.watchlist_counted).toBe(r.watchlist);
    expect(r.pending_counted).toBe(r.pending);
  });

  it('is deterministic: the same seed gives the same records', async () => {
    const q = `SELECT md5(string_agg(first_name || coalesce(phone_number, '') || coalesce(idcard_number, '') || coalesce(level_two_status, '') || created_at::text, ',' ORDER BY user_id)) AS h FROM kyc_records`;
    const a = await one(dbs[0]!.db, q);
    const b = await one(dbs[1]!.db, q);
    expect(a.h).toBe(b.h);
  });
});
