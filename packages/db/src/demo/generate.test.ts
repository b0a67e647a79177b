import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../test/test-db';
import { closeDb, createDb, type Db } from '../client';
import { generateDemoData, hasCustomerData, type DemoCounts } from './generate';

const NOW = new Date('2026-03-15T10:30:00Z');
const SEED = 7;
const USERS = 500;

/** Content hash of a whole table in a fixed order; `columns` narrows what is compared. */
async function tableHash(db: Db, table: string, order: string, columns = 't'): Promise<string> {
  const res = await db.$client.query<{ h: string | null }>(
    `SELECT md5(string_agg((${columns})::text, ',' ORDER BY ${order})) AS h FROM ${table} t`,
  );
  return res.rows[0]?.h ?? '';
}

const TABLES: readonly [table: string, order: string][] = [
  ['users', 'id'],
  ['referrals', 'id'],
  ['wallets', 'id'],
  ['wallet_balances', 'wallet_id, currency'],
  ['ledger_entries', 'id'],
  ['wallet_transactions', 'id'],
  ['savings_plans', 'id'],
  ['savings_transactions', 'id'],
];

async function rows<T extends pg.QueryResultRow>(db: Db, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.$client.query<T>(sql, params)).rows;
}

describe('demo data generator', () => {
  const dbs: { db: Db; drop: () => Promise<void> }[] = [];
  let a: Db;
  let b: Db;
  let countsA: DemoCounts;
  let countsB: DemoCounts;

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dbs.push(await createTestDb());
    a = dbs[0]!.db;
    b = dbs[1]!.db;
    expect(await hasCustomerData(a)).toBe(false);
    countsA = await generateDemoData(a, { users: USERS, seed: SEED, now: NOW });
    countsB = await generateDemoData(b, { users: USERS, seed: SEED, now: NOW });
  });

  afterAll(async () => {
    for (const d of dbs) await d.drop();
  });

  it('produces the same rows for the same seed, users and now', async () => {
    expect(countsA).toEqual(countsB);
    expect(countsA.users).toBe(USERS);
    for (const [table, order] of TABLES) {
      const [ha, hb] = [await tableHash(a, table, order), await tableHash(b, table, order)];
      expect(ha, table).not.toBe('');
      expect(ha, table).toBe(hb);
    }
  });

  it('reports the row counts it wrote', async () => {
    const [c] = await rows<Record<keyof DemoCounts, string>>(
      a,
      `SELECT
      (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM wallets) AS wallets, (SELECT count(*) FROM savings_plans) AS plans,
      (SELECT count(*) FROM wallet_transactions) AS "walletTransactions", (SELECT count(*) FROM savings_transactions) AS "savingsTransactions",
      (SELECT count(*) FROM referrals) AS referrals, (SELECT count(*) FROM ledger_entries) AS "ledgerEntries"`,
    );
    expect(Object.fromEntries(Object.entries(c!).map(([k, v]) => [k, Number(v)]))).toEqual(countsA);
    // Roughly ten wallet transactions and one plan per user.
    expect(countsA.walletTransactions / USERS).toBeGreaterThan(6);
    expect(countsA.walletTransactions / USERS).toBeLessThan(16);
    expect(countsA.plans / USERS).toBeGreaterThan(0.5);
    expect(countsA.plans / USERS).toBeLessThan(1.6);
  });

  it('keeps every balance equal to the sum of its ledger rows, never negative', async () => {
    const bad = await rows(
      a,
      `SELECT b.wallet_id, b.currency, b.balance, l.total FROM wallet_balances b
      FULL JOIN (SELECT wallet_id, currency, sum(amount) AS total FROM ledger_entries GROUP BY 1, 2) l USING (wallet_id, currency)
      WHERE b.balance IS DISTINCT FROM l.total`,
    );
    expect(bad).toEqual([]);
    const [neg] = await rows<{ n: string }>(
      a,
      `SELECT (SELECT count(*) FROM wallet_balances WHERE balance < 0) + (SELECT count(*) FROM ledger_entries WHERE balance_after < 0) AS n`,
    );
    expect(Number(neg!.n)).toBe(0);
    // balance_after is the running sum in id order, as the ledger trigger computes it.
    const [drift] = await rows<{ n: string }>(
      a,
      `SELECT count(*) AS n FROM (SELECT balance_after, sum(amount) OVER (PARTITION BY wallet_id, currency ORDER BY id) AS running FROM ledger_entries) x WHERE balance_after <> running`,
    );
    expect(Number(drift!.n)).toBe(0);
  });

  it('holds exactly the locked amount of every locked plan in the plan hold ledger, and nothing for the others', async () => {
    const [locked] = await rows<{ n: string }>(a, `SELECT count(*) AS n FROM savings_plans WHERE locked`);
    expect(Number(locked!.n)).toBeGreaterThan(0);
    const bad = await rows(
      a,
      `SELECT p.id, p.locked, coalesce(p.locked_amount, p.deposit_amount) AS amount, h.held FROM savings_plans p
      LEFT JOIN (SELECT plan_id, sum(amount) AS held, bool_and(held_after = amount) AS one FROM savings_lock_entries GROUP BY 1) h ON h.plan_id = p.id
      WHERE coalesce(h.held, 0) <> CASE WHEN p.locked THEN coalesce(p.locked_amount, p.deposit_amount) ELSE 0 END OR NOT coalesce(h.one, true)`,
    );
    expect(bad).toEqual([]);
  });

  it('gives every money-moving wallet transaction its ledger row', async () => {
    const missing = await rows(
      a,
      `SELECT t.id, t.type_of_transaction FROM wallet_transactions t
      WHERE NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.reference_type = 'wallet_transaction' AND l.reference_id = t.id::text AND l.wallet_id = t.wallet_id AND l.currency = t.currency)`,
    );
    expect(missing).toEqual([]);
    const [types] = await rows<{ funding: string; withdraw: string }>(
      a,
      `SELECT count(*) FILTER (WHERE type_of_transaction = 'funding') AS funding, count(*) FILTER (WHERE type_of_transaction = 'withdraw') AS withdraw FROM wallet_transactions`,
    );
    expect(Number(types!.funding)).toBeGreaterThan(0);
    expect(Number(types!.withdraw)).toBeGreaterThan(0);
    // Funding credits and withdrawal debits carry the transaction's amount.
    const wrongSign = await rows(
      a,
      `SELECT t.id FROM wallet_transactions t JOIN ledger_entries l ON l.reference_id = t.id::text
      WHERE (t.type_of_transaction = 'funding' AND l.amount <> t.amount) OR (t.type_of_transaction = 'withdraw' AND l.amount <> -t.amount)`,
    );
    expect(wrongSign).toEqual([]);
  });

  it('explains balances by wallet transactions, except for a few double-credited deposits', async () => {
    // Signed by direction: money into the wallet's address is a credit. Only the deliberate
    // double credits (one deposit, two ledger rows) make a balance differ from its history.
    const [r] = await rows<{ mismatched: string; doubled: string }>(
      a,
      `WITH flows AS (
        SELECT t.user_id, t.wallet_id, t.currency, sum(CASE WHEN t.to_address = w.address THEN t.amount ELSE -t.amount END) AS net
          FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id GROUP BY 1, 2, 3)
      SELECT (SELECT count(DISTINCT f.user_id) FROM flows f LEFT JOIN wallet_balances b USING (wallet_id, currency) WHERE abs(f.net - coalesce(b.balance, 0)) > 5) AS mismatched,
             (SELECT count(*) FROM (SELECT reference_id FROM ledger_entries GROUP BY 1 HAVING count(*) > 1) d) AS doubled`,
    );
    expect(Number(r!.doubled)).toBeGreaterThan(0);
    expect(Number(r!.mismatched)).toBeGreaterThan(0);
    expect(Number(r!.mismatched)).toBeLessThanOrEqual(Number(r!.doubled));
    expect(Number(r!.mismatched) / USERS).toBeLessThan(0.06);
  });

  it('writes money as plain decimals with at most 6 places', async () => {
    const [r] = await rows<{ n: string }>(
      a,
      `SELECT count(*) AS n FROM wallet_transactions WHERE amount <> round(amount, 6) OR fee <> round(fee, 6) OR final_amount <> round(final_amount, 6) OR final_amount < 0`,
    );
    expect(Number(r!.n)).toBe(0);
  });

  it('spreads users over countries, Nigeria first, with sign-ups today', async () => {
    const countries = await rows<{ c: string; n: string }>(
      a,
      `SELECT residence_country AS c, count(*) AS n FROM users GROUP BY 1 ORDER BY 2 DESC`,
    );
    expect(countries[0]!.c).toBe('NG');
    expect(countries.map((r) => r.c)).toEqual(expect.arrayContaining(['NG', 'GH', 'KE']));
    const [today] = await rows<{ n: string; later: string; first: Date }>(
      a,
      `SELECT count(*) FILTER (WHERE created_at >= date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS n,
      count(*) FILTER (WHERE created_at > $1) AS later, min(created_at) AS first FROM users`,
      [NOW],
    );
    expect(Number(today!.n)).toBeGreaterThan(0);
    expect(Number(today!.later)).toBe(0);
    expect(NOW.getTime() - today!.first.getTime()).toBeGreaterThan(2.5 * 365 * 86_400_000);
    const [kyc] = await rows<{ approved: string }>(
      a,
      `SELECT count(*) FILTER (WHERE kyc_level_two_status = 'approved') AS approved FROM users`,
    );
    expect(Number(kyc!.approved) / USERS).toBeGreaterThan(0.25);
    expect(Number(kyc!.approved) / USERS).toBeLessThan(0.55);
  });

  it('records referrals from earlier users, including fake ones from one device', async () => {
    const [r] = await rows<{ referred: string; referrals: string; orphans: string; later: string }>(
      a,
      `SELECT
      (SELECT count(*) FROM users WHERE referee_id IS NOT NULL) AS referred, (SELECT count(*) FROM referrals) AS referrals,
      (SELECT count(*) FROM referrals r WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.referred_user_id AND u.referee_id = r.referrer_id)) AS orphans,
      (SELECT count(*) FROM referrals r JOIN users a ON a.id = r.referrer_id JOIN users b ON b.id = r.referred_user_id WHERE a.created_at > b.created_at) AS later`,
    );
    expect(Number(r!.referred)).toBe(Number(r!.referrals));
    expect(Number(r!.referred) / USERS).toBeGreaterThan(0.2);
    expect(Number(r!.orphans)).toBe(0);
    expect(Number(r!.later)).toBe(0);
    const fake = await rows(
      a,
      `SELECT referrer_id FROM referrals GROUP BY 1 HAVING count(*) - count(DISTINCT device_serial_number) > 0`,
    );
    expect(fake.length).toBeGreaterThan(0);
  });

  it('gives a few users a second wallet and makes plans of both kinds', async () => {
    const multi = await rows(a, `SELECT user_id FROM wallets GROUP BY 1 HAVING count(*) > 1`);
    expect(multi.length).toBeGreaterThan(0);
    const plans = await rows<{ plan_type: string; with_lock: string; n: string }>(
      a,
      `SELECT plan_type, count(lock_period) AS with_lock, count(*) AS n FROM savings_plans GROUP BY 1 ORDER BY 1`,
    );
    expect(plans.map((p) => p.plan_type)).toEqual(['fixed', 'flexible']);
    expect(plans[0]!.with_lock).toBe(plans[0]!.n);
    expect(Number(plans[1]!.with_lock)).toBe(0);
  });

  it('writes the same rows on the bulk path (keys off, frozen COPY, chunks from worker threads) and puts every key and index back', async () => {
    const bulk = await createTestDb();
    const plain = await createTestDb();
    dbs.push(bulk, plain);
    const logs: string[] = [];
    await generateDemoData(bulk.db, {
      users: 1200,
      seed: 5,
      now: NOW,
      indexes: 'rebuild',
      workers: 2,
      log: (m) => logs.push(m),
    });
    await generateDemoData(plain.db, { users: 1200, seed: 5, now: NOW, indexes: 'keep', workers: 0 });
    expect(logs.join('\n')).toMatch(/rebuilding \d+ keys, \d+ foreign keys, \d+ indexes/);
    expect(logs.join('\n')).toMatch(/load \(2 worker threads/);
    for (const [table, order] of TABLES)
      expect(await tableHash(bulk.db, table, order), table).toBe(await tableHash(plain.db, table, order));
    // The bulk run's chunks wrote the search suffixes (JavaScript); the plain one rebuilt them in SQL.
    const suffixOrder = 'suffix, created_at, user_id';
    expect(await tableHash(bulk.db, 'user_search_suffixes', suffixOrder)).not.toBe('');
    expect(await tableHash(bulk.db, 'user_search_suffixes', suffixOrder)).toBe(
      await tableHash(plain.db, 'user_search_suffixes', suffixOrder),
    );
    const schema = `SELECT md5(string_agg(x, ',' ORDER BY x)) AS h FROM (
      SELECT conrelid::regclass::text || ':' || conname || ':' || pg_get_constraintdef(oid) AS x FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public') s`;
    const [a] = await rows<{ h: string }>(bulk.db, schema);
    const [b] = await rows<{ h: string }>(plain.db, schema);
    expect(a!.h).toBe(b!.h);
  }, 300_000);

  it('writes the same queues with their top-up on the split path (indexes, counters and anchors built once) as in one transaction', async () => {
    const split = await createTestDb();
    const plain = await createTestDb();
    dbs.push(split, plain);
    const queueTopUp = { queueItems: 2000, withdrawalRequests: 700 };
    const logs: string[] = [];
    await generateDemoData(split.db, {
      users: 1200,
      seed: 5,
      now: NOW,
      indexes: 'rebuild',
      workers: 0,
      queueTopUp,
      log: (m) => logs.push(m),
    });
    await generateDemoData(plain.db, { users: 1200, seed: 5, now: NOW, indexes: 'keep', workers: 0, queueTopUp });
    expect(logs.join('\n')).toMatch(
      /lane \d: (search suffix index \(its own connection\) [\d.]+, )?queues, queue top-up/,
    );
    expect(Number((await rows<{ n: string }>(split.db, 'SELECT count(*) AS n FROM queue_items'))[0]!.n)).toBe(2000);
    for (const [table, order] of [
      ['queue_items', 'id'],
      ['withdrawal_requests', 'id'],
      ['bridge_sell_requests', 'id'],
      ['queue_counts', 'queue, status'],
      ['queue_list_anchors', 't::text'],
      ['queue_list_deltas', 't::text'],
    ] as const)
      expect(await tableHash(split.db, table, order), table).toBe(await tableHash(plain.db, table, order));
    const indexes = `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('queue_items', 'withdrawal_requests', 'bridge_sell_requests') ORDER BY 1`;
    expect(await rows(split.db, indexes)).toEqual(await rows(plain.db, indexes));
  }, 300_000);

  it('leaves every table it filled empty, with every key, foreign key and index back, when the split path fails before or after the first commit', async () => {
    const schema = `SELECT md5(string_agg(x, ',' ORDER BY x)) AS h FROM (
      SELECT conrelid::regclass::text || ':' || conname || ':' || pg_get_constraintdef(oid) || ':' || convalidated AS x FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public') s`;
    const fresh = await createTestDb();
    dbs.push(fresh);
    const [expected] = await rows<{ h: string }>(fresh.db, schema);
    // A CHECK constraint is enforced with the triggers off: the suffix connection's rows (its own
    // transaction, during the load), KYC (in the load's transaction, while the suffix index is
    // built) and the team's greetings (after the first commit) fail on it.
    for (const [table, when] of [
      ['user_search_suffixes', /demo_fails/],
      ['kyc_records', /demo_fails/],
      ['greetings', /after the customers were committed: the tables this run filled are empty again/],
    ] as const) {
      const made = await createTestDb();
      dbs.push(made);
      const logs: string[] = [];
      await made.db.$client.query(`ALTER TABLE ${table} ADD CONSTRAINT demo_fails CHECK (false) NOT VALID`);
      const error = await generateDemoData(made.db, {
        users: 1200,
        seed: 5,
        now: NOW,
        indexes: 'rebuild',
        workers: 0,
        log: (m) => logs.push(m),
      }).then(
        () => null,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      expect(error, logs.filter((m) => /could not|failed/.test(m)).join('\n')).toMatch(when);
      await made.db.$client.query(`ALTER TABLE ${table} DROP CONSTRAINT demo_fails`);
      for (const t of ['users', 'wallets', 'ledger_entries', 'user_search_suffixes', 'kyc_records', 'greetings'])
        expect(
          Number((await rows<{ n: string }>(made.db, `SELECT count(*) AS n FROM ${t}`))[0]!.n),
          `${table}: ${t}`,
        ).toBe(0);
      const [got] = await rows<{ h: string }>(made.db, schema);
      expect(got!.h, table).toBe(expected!.h);
    }
  }, 300_000);

  it('writes the search suffixes in SQL on the bulk path when the pool has one connection only', async () => {
    const made = await createTestDb();
    dbs.push(made);
    const one = createDb(made.url, 1);
    const logs: string[] = [];
    try {
      await generateDemoData(one, { users: 1200, seed: 5, now: NOW, indexes: 'rebuild', log: (m) => logs.push(m) });
    } finally {
      await closeDb(one);
    }
    expect(logs.join('\n')).toMatch(/search suffixes are built in SQL \(a pool of one connection\)/);
    const [diff] = await rows<{ n: string }>(
      made.db,
      `SELECT count(*) AS n FROM (
         (SELECT suffix, created_at, user_id FROM user_search_suffixes
           EXCEPT ALL SELECT x, u.created_at, u.id FROM users u
           CROSS JOIN LATERAL user_search_suffixes_of(u.full_name, u.username::text, u.email::text, u.phone_no) AS x)
         UNION ALL
         (SELECT x, u.created_at, u.id FROM users u
           CROSS JOIN LATERAL user_search_suffixes_of(u.full_name, u.username::text, u.email::text, u.phone_no) AS x
           EXCEPT ALL SELECT suffix, created_at, user_id FROM user_search_suffixes)) d`,
    );
    expect(Number(diff!.n)).toBe(0);
    expect(
      Number((await rows<{ n: string }>(made.db, 'SELECT count(*) AS n FROM user_search_suffixes'))[0]!.n),
    ).toBeGreaterThan(0);
  }, 300_000);

  it('refuses a database that already has customers', async () => {
    expect(await hasCustomerData(a)).toBe(true);
    await expect(generateDemoData(a, { users: 10, seed: SEED, now: NOW })).rejects.toThrow(/already has rows/);
  });

  it('writes the same ledger and balances through the ledger trigger as directly', async () => {
    const direct = await createTestDb();
    const viaTrigger = await createTestDb();
    dbs.push(direct, viaTrigger);
    await generateDemoData(direct.db, { users: 150, seed: 99, now: NOW, ledger: 'direct' });
    await generateDemoData(viaTrigger.db, { users: 150, seed: 99, now: NOW, ledger: 'trigger' });
    expect(await tableHash(direct.db, 'ledger_entries', 'id')).toBe(
      await tableHash(viaTrigger.db, 'ledger_entries', 'id'),
    );
    // updated_at differs by design: the trigger stamps now(), the direct path the last ledger row's time.
    const cols = '(t.wallet_id, t.currency, t.balance)';
    expect(await tableHash(direct.db, 'wallet_balances', 'wallet_id, currency', cols)).toBe(
      await tableHash(viaTrigger.db, 'wallet_balances', 'wallet_id, currency', cols),
    );
  });
});
