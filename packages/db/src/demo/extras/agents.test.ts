import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../../test/test-db';
import type { Db } from '../../client';
import { generateDemoData } from '../generate';

const NOW = new Date('2026-03-15T10:30:00Z');
const USERS = 400;

const rows = async (db: Db, sql: string) => (await db.$client.query(sql)).rows as Record<string, number | string>[];
const one = async (db: Db, sql: string) => (await rows(db, sql))[0]!;

describe('demo rows of the User Type screen', () => {
  let a: { db: Db; drop: () => Promise<void> };
  let b: { db: Db; drop: () => Promise<void> };
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDb(), createTestDb()]);
    await generateDemoData(a.db, { users: USERS, seed: 11, now: NOW });
    await generateDemoData(b.db, { users: USERS, seed: 11, now: NOW });
  });
  afterAll(async () => {
    await a.drop();
    await b.drop();
  });

  it('writes agent KYC (known ID types, a store state, pictures left for start-up) for most holders of a user type', async () => {
    const k = await one(
      a.db,
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE idcard_type NOT IN ('National_ID', 'International_ID', 'Drivers_License'))::int AS bad,
      count(*) FILTER (WHERE store_state IS NULL)::int AS stateless, count(*) FILTER (WHERE idcard_cid IS NOT NULL)::int AS pictured FROM agent_kyc`,
    );
    const holders = await one(a.db, `SELECT count(DISTINCT user_id)::int AS n FROM user_usertypes`);
    expect(k.n).toBeGreaterThan((holders.n as number) / 2);
    expect(k.n).toBeLessThan(holders.n as number);
    expect(k).toMatchObject({ bad: 0, stateless: 0, pictured: 0 });
    const orphans = await one(
      a.db,
      `SELECT count(*)::int AS n FROM agent_kyc k WHERE NOT EXISTS (SELECT 1 FROM user_usertypes m WHERE m.user_id = k.user_id)`,
    );
    expect(orphans.n).toBe(0);
  });

  it('is deterministic: the same seed writes the same agents', async () => {
    const q = `SELECT user_id::text, idcard_type, store_state FROM agent_kyc ORDER BY user_id`;
    expect(await rows(a.db, q)).toEqual(await rows(b.db, q));
  });
});
