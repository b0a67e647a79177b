import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@vaultdesk/db';
import { bearer, createTestApp, createTestDb, demo, sessionFor, type TestApp } from '../../../test/helpers';

let userCount = 0;
/** A customer row with only what the table requires, plus the given columns. */
async function insertUser(db: Db, extra: { kyc?: string | null; createdAt?: string } = {}) {
  const n = ++userCount;
  const { rows } = await db.$client.query<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code, kyc_level_two_status, created_at)
     VALUES ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) RETURNING id`,
    [
      `Customer ${n}`,
      `customer${n}`,
      `customer${n}@example.test`,
      `REF${n}`,
      extra.kyc ?? null,
      extra.createdAt ?? null,
    ],
  );
  return rows[0]!.id;
}

describe('GET admin/dashboard', () => {
  let t: TestApp;
  // Every figure is computed afresh here (the reuse of dashboard totals has its own tests).
  beforeAll(async () => {
    t = await createTestApp({ DASHBOARD_CACHE_SECONDS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const cards = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/dashboard',
      headers: bearer(await sessionFor(t.db, demo('support').email)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Successfully fetched records');
    return res.json().data;
  };

  it("counts users, today's sign-ups (UTC day), verified and unverified users, and the paid referral rewards", async () => {
    expect(await cards()).toEqual({
      users: 0,
      dailySignup: 0,
      verifiedUsers: 0,
      unVerifiedUsers: 0,
      totalReferalPayout: '0',
    });

    const {
      rows: [{ midnight, yesterday }],
    } = await t.db.$client.query(
      `SELECT m::text AS midnight, (m - interval '1 second')::text AS yesterday
         FROM (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS m) x`,
    );
    // Today (from UTC midnight on): 3 users, 1 of them verified.
    const a = await insertUser(t.db, { kyc: 'approved', createdAt: midnight });
    const b = await insertUser(t.db, { kyc: 'submitted' });
    const c = await insertUser(t.db);
    // Earlier (up to the second before UTC midnight): 4 users, 2 verified, 1 rejected.
    const d = await insertUser(t.db, { kyc: 'approved', createdAt: yesterday });
    const e = await insertUser(t.db, { kyc: 'approved', createdAt: '2025-03-01T10:00:00Z' });
    const f = await insertUser(t.db, { kyc: 'rejected', createdAt: '2024-12-31T23:00:00Z' });
    const g = await insertUser(t.db, { createdAt: '2023-06-15T08:30:00Z' });

    // Referrals: only paid rewards count, to the last of their 18 decimals.
    await t.db.$client.query(
      `INSERT INTO referrals (referrer_id, referred_user_id, referral_state, reward_amount) VALUES
         ($1, $2, 'paid', '10.5'), ($1, $3, 'paid', '2.250000000000000001'),
         ($1, $4, 'pending', '100'), ($5, $6, 'verified', '7'), ($5, $7, 'paid', '0')`,
      [d, a, b, c, e, f, g],
    );

    const data = await cards();
    expect(data).toMatchObject({ users: 7, dailySignup: 3, verifiedUsers: 3, unVerifiedUsers: 4 });
    expect(data.totalReferalPayout).toBe('12.750000000000000001');
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/admin/dashboard' });
    expect(res.statusCode).toBe(401);
  });
});

describe('ledger guard', () => {
  // A database of its own: the wallets here need users, which would change the dashboard counts.
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await createTestDb()));
  afterAll(async () => {
    await drop?.();
  });

  const newWallet = async () => {
    const userId = await insertUser(db);
    const { rows } = await db.$client.query<{ id: string }>(
      `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id`,
      [userId, `0x${userId.replace(/-/g, '')}00000000`],
    );
    return rows[0]!.id;
  };
  const ledger = (walletId: string, amount: string, currency = 'BUSD') =>
    db.$client.query<{ id: string; balance_after: string }>(
      `INSERT INTO ledger_entries (wallet_id, currency, amount, kind) VALUES ($1, $2, $3, 'funding') RETURNING id, balance_after`,
      [walletId, currency, amount],
    );
  const balance = async (walletId: string, currency = 'BUSD') =>
    (
      await db.$client.query(`SELECT balance FROM wallet_balances WHERE wallet_id = $1 AND currency = $2`, [
        walletId,
        currency,
      ])
    ).rows[0]?.balance as string | undefined;
  const entries = async (walletId: string) =>
    (await db.$client.query(`SELECT count(*)::int AS n FROM ledger_entries WHERE wallet_id = $1`, [walletId])).rows[0]
      .n as number;

  it('a ledger row credits and debits the balance and records the balance after', async () => {
    const w = await newWallet();
    expect(await balance(w)).toBeUndefined();
    const credit = await ledger(w, '100.123456789012345678');
    expect(credit.rows[0]!.balance_after).toBe('100.123456789012345678');
    expect(await balance(w)).toBe('100.123456789012345678');
    const debit = await ledger(w, '-0.123456789012345678');
    expect(debit.rows[0]!.balance_after).toBe('100.000000000000000000');
    expect(await balance(w)).toBe('100.000000000000000000');
    await ledger(w, '5', 'VLT');
    expect(await balance(w, 'VLT')).toBe('5.000000000000000000');
    expect(await balance(w)).toBe('100.000000000000000000');
  });

  it('refuses a debit beyond the balance and changes nothing', async () => {
    const w = await newWallet();
    await ledger(w, '50');
    await expect(ledger(w, '-50.000000000000000001')).rejects.toThrow(/insufficient balance/);
    expect(await balance(w)).toBe('50.000000000000000000');
    expect(await entries(w)).toBe(1);
    await expect(ledger(await newWallet(), '-1')).rejects.toThrow(/insufficient balance/);
    await ledger(w, '-50');
    expect(await balance(w)).toBe('0.000000000000000000');
  });

  it('refuses to change a balance except through the ledger', async () => {
    const w = await newWallet();
    await ledger(w, '10');
    await expect(
      db.$client.query(`UPDATE wallet_balances SET balance = 1000 WHERE wallet_id = $1`, [w]),
    ).rejects.toThrow(/only through ledger_entries/);
    await expect(
      db.$client.query(`INSERT INTO wallet_balances (wallet_id, currency, balance) VALUES ($1, 'BNB', 1)`, [w]),
    ).rejects.toThrow(/only through ledger_entries/);
    await expect(db.$client.query(`DELETE FROM wallet_balances WHERE wallet_id = $1`, [w])).rejects.toThrow(
      /only through ledger_entries/,
    );
    expect(await balance(w)).toBe('10.000000000000000000');
    expect(await balance(w, 'BNB')).toBeUndefined();
  });

  it('refuses UPDATE and DELETE of ledger rows', async () => {
    const w = await newWallet();
    const {
      rows: [entry],
    } = await ledger(w, '20');
    await expect(
      db.$client.query(`UPDATE ledger_entries SET amount = 2000 WHERE id = $1`, [entry!.id]),
    ).rejects.toThrow(/append-only/);
    await expect(db.$client.query(`DELETE FROM ledger_entries WHERE id = $1`, [entry!.id])).rejects.toThrow(
      /append-only/,
    );
    const { rows } = await db.$client.query(`SELECT amount FROM ledger_entries WHERE wallet_id = $1`, [w]);
    expect(rows).toEqual([{ amount: '20.000000000000000000' }]);
    expect(await balance(w)).toBe('20.000000000000000000');
  });
});
