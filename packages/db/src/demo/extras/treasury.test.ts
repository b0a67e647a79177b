import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../../test/test-db';
import type { Db } from '../../client';
import { generateDemoData } from '../generate';

const NOW = new Date('2026-03-15T10:30:00Z');

const custodial = async (db: Db) =>
  (
    await db.$client.query(
      `SELECT w.purpose, w.label, w.address, s.currency, s.balance::text, s.source, s.read_at
     FROM custodial_wallets w JOIN custodial_balance_snapshots s ON s.wallet_id = w.id ORDER BY w.purpose, s.currency`,
    )
  ).rows;

describe('treasury demo rows', () => {
  const dbs: { db: Db; drop: () => Promise<void> }[] = [];
  beforeAll(async () => {
    for (const seed of [11, 11, 12]) {
      const made = await createTestDb();
      dbs.push(made);
      await generateDemoData(made.db, { users: 40, seed, now: NOW });
    }
  });
  afterAll(async () => {
    for (const d of dbs) await d.drop();
  });

  it('four custodial wallets with seeded addresses and one seeded balance per currency', async () => {
    const [a, b, c] = dbs.map((d) => d.db);
    const rows = await custodial(a!);
    expect(rows).toHaveLength(16);
    expect(new Set(rows.map((r) => r.purpose))).toEqual(
      new Set(['treasury', 'bulkSender', 'withdrawalOut', 'referralPayout']),
    );
    for (const r of rows) {
      expect(r.address).toMatch(/^0x[0-9a-f]{40}$/);
      expect(r.source).toBe('seed');
      expect(r.read_at.toISOString()).toBe('2026-03-15T09:30:00.000Z');
    }
    expect(await custodial(b!)).toEqual(rows);
    const other = await custodial(c!);
    expect(other.map((r) => r.address)).not.toEqual(rows.map((r) => r.address));

    // The treasury holds the customers' balances plus 5%.
    const { rows: check } = await a!.$client.query(
      `SELECT s.currency, s.balance = round(coalesce((SELECT sum(balance) FROM wallet_balances b WHERE b.currency = s.currency), 0) * 1.05, 6) AS matches
         FROM custodial_balance_snapshots s JOIN custodial_wallets w ON w.id = s.wallet_id WHERE w.purpose = 'treasury'`,
    );
    expect(check).toHaveLength(4);
    expect(check.every((r) => r.matches)).toBe(true);
    expect(rows.find((r) => r.purpose === 'treasury' && r.currency === 'BUSD')!.balance).not.toBe(
      '0.000000000000000000',
    );
  });

  it('token prices and 30 daily, slowly rising share prices per protocol', async () => {
    const db = dbs[0]!.db;
    const { rows: prices } = await db.$client.query(
      `SELECT currency, usd_price::text AS p FROM token_prices ORDER BY currency`,
    );
    expect(prices).toEqual([
      { currency: 'BNB', p: '600.000000000000000000' },
      { currency: 'BUSD', p: '1.000000000000000000' },
      { currency: 'VLT', p: '0.250000000000000000' },
      { currency: 'xBUSD', p: '1.020000000000000000' },
    ]);
    for (const protocol of ['xAuto', 'venus']) {
      const { rows } = await db.$client.query(
        `SELECT price::numeric AS price, recorded_at FROM share_prices WHERE protocol = $1 ORDER BY recorded_at`,
        [protocol],
      );
      expect(rows).toHaveLength(30);
      expect(rows[29].recorded_at.toISOString()).toBe('2026-03-15T00:00:00.000Z');
      expect(rows[0].recorded_at.toISOString()).toBe('2026-02-14T00:00:00.000Z');
      for (let i = 1; i < 30; i++) expect(Number(rows[i].price)).toBeGreaterThan(Number(rows[i - 1].price));
      expect(Number(rows[29].price) / Number(rows[0].price)).toBeLessThan(1.01);
    }
  });
});
