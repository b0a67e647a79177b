import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@vaultdesk/db';
import { createTestDb } from '../../test/helpers';
import { assertAmount, credit, debit, move, type Entry } from './ledger';

let db: Db;
let drop: () => Promise<void>;
let userId = '';
const wallets: { id: string; address: string }[] = [];

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await db.$client.query(text, params)).rows as T[];

beforeAll(async () => {
  ({ db, drop } = await createTestDb());
  const [user] = await q<{ id: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ('Ledger Customer', 'ledger1', 'ledger1@example.test', 'LEDGER1') RETURNING id`,
  );
  userId = user!.id;
  for (const n of [1, 2, 3]) {
    const [w] = await q<{ id: string; address: string }>(
      `INSERT INTO wallets (user_id, name, address) VALUES ($1, $2, $3) RETURNING id, address`,
      [userId, `Wallet ${n}`, `0x${String(n).padStart(40, 'b')}`],
    );
    wallets.push(w!);
  }
});
afterAll(async () => {
  await drop?.();
});

const entry = (walletId: string, amount: string, over: Partial<Entry> = {}): Entry => ({
  walletId,
  currency: 'BUSD',
  amount,
  kind: 'test',
  reference: { type: 'ledger-test', id: 'r1' },
  staffId: null,
  mirror: { userId, state: 0, type: 'funding', description: 'Ledger test' },
  ...over,
});
const balance = async (walletId: string, currency = 'BUSD') =>
  (
    await q<{ b: string }>(
      `SELECT trim_scale(balance)::text AS b FROM wallet_balances WHERE wallet_id = $1 AND currency = $2`,
      [walletId, currency],
    )
  )[0]?.b ?? null;
/** The database's refusal, as drizzle hands it over (the PostgreSQL error is its cause). */
const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err as { cause?: { code?: string; message?: string } },
  );
  return { code: e?.cause?.code, message: e?.cause?.message?.replace(/wallet \S+ /, 'wallet W ') };
};
const counts = async () =>
  (
    await q<{ l: number; t: number }>(
      `SELECT (SELECT count(*) FROM ledger_entries)::int AS l, (SELECT count(*) FROM wallet_transactions)::int AS t`,
    )
  )[0]!;

describe('ledger', () => {
  it('credits and debits exact decimals, returns the balance after, writes the ledger row and its mirror', async () => {
    const w = wallets[0]!.id;
    const big = '12345678901234567890.123456789012345678';
    const a = await db.transaction((tx) => credit(tx, entry(w, big)));
    expect(a).toEqual({
      balanceAfter: big,
      ledgerEntryId: expect.any(Number),
      walletTransactionId: expect.any(String),
    });
    const b = await db.transaction((tx) => credit(tx, entry(w, '0.000000000000000001')));
    expect(b).toEqual({
      balanceAfter: '12345678901234567890.123456789012345679',
      ledgerEntryId: expect.any(Number),
      walletTransactionId: expect.any(String),
    });
    // The ids are the rows written: the ledger row's and its history row's.
    expect(b.ledgerEntryId).toBeGreaterThan(a.ledgerEntryId);
    expect(b.walletTransactionId).not.toBe(a.walletTransactionId);
    const c = await db.transaction((tx) =>
      debit(
        tx,
        entry(w, '0.1', {
          kind: 'test-debit',
          staffId: null,
          mirror: {
            userId,
            state: 1,
            type: 'withdraw',
            description: 'Out',
            fromAddress: wallets[0]!.address,
            txnHash: '0xabc',
          },
        }),
      ),
    );
    expect(c).toEqual({
      balanceAfter: '12345678901234567890.023456789012345679',
      ledgerEntryId: expect.any(Number),
      walletTransactionId: expect.any(String),
    });
    expect(await balance(w)).toBe(c.balanceAfter);

    const ledger = await q(
      `SELECT trim_scale(amount)::text AS amount, trim_scale(balance_after)::text AS balance_after, kind, reference_type, reference_id
                              FROM ledger_entries WHERE wallet_id = $1 ORDER BY id`,
      [w],
    );
    expect(ledger).toEqual([
      { amount: big, balance_after: big, kind: 'test', reference_type: 'ledger-test', reference_id: 'r1' },
      {
        amount: '0.000000000000000001',
        balance_after: b.balanceAfter,
        kind: 'test',
        reference_type: 'ledger-test',
        reference_id: 'r1',
      },
      {
        amount: '-0.1',
        balance_after: c.balanceAfter,
        kind: 'test-debit',
        reference_type: 'ledger-test',
        reference_id: 'r1',
      },
    ]);
    const mirror = await q(
      `SELECT trim_scale(amount)::text AS amount, trim_scale(final_amount)::text AS final_amount, trim_scale(fee)::text AS fee,
                                   transaction_state, type_of_transaction, description, txn_hash, to_address, from_address
                              FROM wallet_transactions WHERE wallet_id = $1 ORDER BY created_at, id`,
      [w],
    );
    expect(mirror).toHaveLength(3);
    expect(mirror).toContainEqual({
      amount: '0.1',
      final_amount: '0.1',
      fee: '0',
      transaction_state: 1,
      type_of_transaction: 'withdraw',
      description: 'Out',
      txn_hash: '0xabc',
      to_address: null,
      from_address: wallets[0]!.address,
    });
  });

  it('refuses a debit below zero, as the database always has, and writes nothing', async () => {
    const w = wallets[1]!.id;
    await db.transaction((tx) => credit(tx, entry(w, '5')));
    const before = await counts();
    expect(await refusal(db.transaction((tx) => debit(tx, entry(w, '5.000000000000000001'))))).toEqual({
      code: '23514',
      message: 'insufficient balance: wallet W BUSD would be -0.000000000000000001',
    });
    expect(await counts()).toEqual(before);
    expect(await balance(w)).toBe('5');
    // Exactly the balance is allowed and leaves zero.
    expect(await db.transaction((tx) => debit(tx, entry(w, '5')))).toMatchObject({ balanceAfter: '0' });
  });

  it('refuses an amount that is not an unsigned decimal string before writing anything', async () => {
    const before = await counts();
    for (const bad of ['-1', '1e3', '', ' 1', '1.', '.5', 'NaN', '0x10']) {
      expect(() => assertAmount(bad)).toThrow(TypeError);
      await expect(db.transaction((tx) => credit(tx, entry(wallets[0]!.id, bad)))).rejects.toThrow(TypeError);
    }
    await expect(db.transaction((tx) => credit(tx, entry(wallets[0]!.id, 5 as unknown as string)))).rejects.toThrow(
      TypeError,
    );
    expect(await counts()).toEqual(before);
  });

  it('moves between two wallets: debit then credit, a send and a receive row, both balances after', async () => {
    const [from, to] = [wallets[1]!, wallets[2]!];
    await db.transaction((tx) => credit(tx, entry(from.id, '10.25')));
    const r = await db.transaction((tx) =>
      move(tx, {
        from: { walletId: from.id, address: from.address },
        to: { walletId: to.id, address: to.address },
        currency: 'BUSD',
        amount: '10.25',
        kind: 'wallet-merge',
        reference: { type: 'wallet-merge', id: from.id },
        staffId: null,
        userId,
        description: 'Moved',
      }),
    );
    expect(r).toEqual({ fromBalanceAfter: '0', toBalanceAfter: '10.25' });
    const ledger = await q<{ wallet_id: string; amount: string }>(
      `SELECT wallet_id, trim_scale(amount)::text AS amount FROM ledger_entries WHERE kind = 'wallet-merge' ORDER BY id`,
    );
    expect(ledger).toEqual([
      { wallet_id: from.id, amount: '-10.25' },
      { wallet_id: to.id, amount: '10.25' },
    ]);
    const mirror = await q(
      `SELECT wallet_id, transaction_state, type_of_transaction, from_address, to_address FROM wallet_transactions WHERE description = 'Moved' ORDER BY transaction_state`,
    );
    expect(mirror).toEqual([
      {
        wallet_id: from.id,
        transaction_state: 2,
        type_of_transaction: 'transfer',
        from_address: from.address,
        to_address: to.address,
      },
      {
        wallet_id: to.id,
        transaction_state: 3,
        type_of_transaction: 'transfer',
        from_address: from.address,
        to_address: to.address,
      },
    ]);
    // More than the source holds: refused whole, neither side written.
    const before = await counts();
    expect(
      await refusal(
        db.transaction((tx) =>
          move(tx, {
            from: { walletId: from.id, address: from.address },
            to: { walletId: to.id, address: to.address },
            currency: 'BUSD',
            amount: '1',
            kind: 'wallet-merge',
            reference: { type: 'wallet-merge', id: from.id },
            staffId: null,
            userId,
            description: 'Moved again',
          }),
        ),
      ),
    ).toMatchObject({ code: '23514' });
    expect(await counts()).toEqual(before);
    expect(await balance(to.id)).toBe('10.25');
  });
});
