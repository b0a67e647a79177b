import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@vaultdesk/db';
import { generateDemoData } from '@vaultdesk/db/demo';
import { booksDrift } from '../../test/books';
import { createTestDb } from '../../test/helpers';

/** The books check the race and crash proofs rely on: quiet on the demo data, and it can fail. */
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  await generateDemoData(db, { users: 200, seed: 12, now: new Date('2026-11-20T12:00:00Z') });
}, 120_000);
afterAll(async () => {
  await drop?.();
});

/** The books as they would be after a write the guards refuse (made as the owner with the triggers off); undone after. */
async function driftAfter(text: string) {
  const c = await db.$client.connect();
  try {
    await c.query('BEGIN');
    await c.query(`SET LOCAL session_replication_role = replica`);
    await c.query(text);
    return await booksDrift(c);
  } finally {
    await c.query('ROLLBACK');
    c.release();
  }
}

describe('booksDrift', () => {
  it('finds nothing on the demo data', async () => {
    const n = (await db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entries`)).rows[0]!.n;
    expect(n).toBeGreaterThan(100);
    expect(await booksDrift(db.$client)).toEqual({});
  });

  it('names a balance off its ledger, a ledger row off its running sum, a negative balance, a lock without its hold and a move posted twice', async () => {
    const balance = await driftAfter(
      `UPDATE wallet_balances SET balance = balance + 1 WHERE (wallet_id, currency) = (SELECT wallet_id, currency FROM wallet_balances WHERE balance > 0 LIMIT 1)`,
    );
    expect(Object.keys(balance)).toEqual(['wallet balance differs from its ledger sum']);

    const row = await driftAfter(
      `UPDATE ledger_entries SET balance_after = balance_after + 1 WHERE id = (SELECT max(id) FROM ledger_entries)`,
    );
    expect(Object.keys(row)).toEqual(['ledger row whose balance_after is not the running sum']);

    const negative = await driftAfter(
      `UPDATE wallet_balances SET balance = -1 WHERE (wallet_id, currency) = (SELECT wallet_id, currency FROM wallet_balances WHERE balance > 0 LIMIT 1)`,
    );
    expect(Object.keys(negative).sort()).toEqual(['negative balance', 'wallet balance differs from its ledger sum']);

    const hold = await driftAfter(
      `UPDATE savings_plans SET locked = true WHERE id = (SELECT id FROM savings_plans WHERE NOT locked AND deposit_amount > 0 LIMIT 1)`,
    );
    expect(Object.keys(hold)).toEqual(['plan hold differs from its lock']);

    // Through the trigger (the books still balance): a remittance debit posted a second time.
    const c = await db.$client.connect();
    try {
      await c.query('BEGIN');
      await c.query(`
        WITH w AS (SELECT wallet_id, currency FROM wallet_balances WHERE balance > 2 LIMIT 1)
        INSERT INTO ledger_entries (wallet_id, currency, amount, kind, reference_type, reference_id)
        SELECT wallet_id, currency, -1, 'remittance', 'remittance', '00000000-0000-4000-8000-000000000001' FROM w, generate_series(1, 2)`);
      expect(Object.keys(await booksDrift(c))).toEqual(['money move posted twice']);
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });
});
