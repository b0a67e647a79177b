import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../../test/test-db';
import type { Db } from '../../client';
import { generateDemoData } from '../generate';

const NOW = new Date('2026-03-15T10:30:00Z');
const USERS = 1000;

const one = async (db: Db, sql: string) => (await db.$client.query(sql)).rows[0] as Record<string, number | string>;

describe('demo rows of the user profile', () => {
  const dbs: { db: Db; drop: () => Promise<void> }[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dbs.push(await createTestDb());
    for (const d of dbs) await generateDemoData(d.db, { users: USERS, seed: 11, now: NOW });
  });
  afterAll(async () => {
    for (const d of dbs) await d.drop();
  });

  it('gives about 30% of users a bank account in their country, never dated in the future', async () => {
    const db = dbs[0]!.db;
    const r = await one(
      db,
      `SELECT count(DISTINCT user_id)::int AS users, count(*)::int AS accounts,
      count(*) FILTER (WHERE account_number !~ '^[0-9]{10}$')::int AS bad_numbers,
      count(*) FILTER (WHERE b.created_at > '${NOW.toISOString()}')::int AS future,
      count(*) FILTER (WHERE b.country IS DISTINCT FROM coalesce(u.residence_country, 'NG'))::int AS other_country
      FROM user_bank_accounts b JOIN users u ON u.id = b.user_id`,
    );
    expect(r.users).toBeGreaterThan(USERS * 0.24);
    expect(r.users).toBeLessThan(USERS * 0.36);
    expect(r.accounts).toBeGreaterThan(r.users as number);
    expect(r).toMatchObject({ bad_numbers: 0, future: 0, other_country: 0 });
  });

  it('gives the Staff role to a handful of users, exactly those flagged is_staff', async () => {
    const db = dbs[0]!.db;
    const r = await one(
      db,
      `SELECT count(*) FILTER (WHERE u.is_staff)::int AS staff,
      count(*) FILTER (WHERE u.is_staff IS DISTINCT FROM coalesce(cr.slug = 'staff', false))::int AS out_of_step
      FROM users u LEFT JOIN customer_roles cr ON cr.id = u.role_id`,
    );
    expect(r.staff).toBeGreaterThanOrEqual(3);
    expect(r.staff).toBeLessThan(20);
    expect(r.out_of_step).toBe(0);
  });

  it('is deterministic', async () => {
    const hash = (db: Db) =>
      one(
        db,
        `SELECT md5(string_agg(concat_ws('|', user_id, bank_name, account_name, account_number, country, created_at), ',' ORDER BY user_id, account_number)) AS h,
      (SELECT md5(string_agg(id::text, ',' ORDER BY id)) FROM users WHERE is_staff) AS s FROM user_bank_accounts`,
      );
    expect(await hash(dbs[0]!.db)).toEqual(await hash(dbs[1]!.db));
  });

  it('leaves about 2% of users with a balance that differs from their transactions by more than 5', async () => {
    const r = await one(
      dbs[0]!.db,
      `
      WITH net AS (
        SELECT t.wallet_id, t.currency,
               sum(CASE WHEN t.to_address = w.address THEN t.amount ELSE 0 END) - sum(CASE WHEN t.from_address = w.address THEN t.amount ELSE 0 END) AS net
          FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id GROUP BY 1, 2)
      SELECT count(DISTINCT w.user_id)::int AS flagged FROM wallet_balances b JOIN wallets w ON w.id = b.wallet_id
        LEFT JOIN net ON net.wallet_id = b.wallet_id AND net.currency = b.currency
       WHERE abs(b.balance - coalesce(net.net, 0)) > 5`,
    );
    expect(r.flagged).toBeGreaterThan(USERS * 0.005);
    expect(r.flagged).toBeLessThan(USERS * 0.04);
  });
});
