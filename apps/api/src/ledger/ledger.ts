import { sql } from 'drizzle-orm';
import type { Tx } from '@vaultdesk/db';

/**
 * The one home of money moves. Every change to a customer's wallet balance is a `ledger_entries`
 * row written here, beside its `wallet_transactions` mirror (the customer's own history), in the
 * caller's transaction. The balance itself moves in the database: the `ledger_apply` trigger
 * (migrations 0002 and 0022) upserts `wallet_balances` under that row's lock, refuses a negative
 * balance (check_violation, "insufficient balance") and stamps `balance_after`; nothing else may
 * write a balance (`wallet_balances_guard`). `ledger-home.test.ts` fails when another module
 * writes either table.
 */

/** A decimal amount exactly as PostgreSQL prints a numeric: digits, an optional fraction, no sign. */
export type Amount = string;

const DECIMAL = /^\d+(\.\d+)?$/;

/** Amounts travel as strings and are cast to numeric in SQL, never through a JavaScript number. */
export function assertAmount(amount: Amount): Amount {
  if (typeof amount !== 'string' || !DECIMAL.test(amount)) {
    throw new TypeError(`A ledger amount is an unsigned decimal string, not ${JSON.stringify(amount)}`);
  }
  return amount;
}

/** What the ledger row points at (the request, queue item, remittance ... that caused it). */
export type LedgerReference = {
  type: string;
  id: string;
};

/** The customer-facing history row written beside a credit or a debit. */
export type Mirror = {
  userId: string;
  /** transaction_state: 0 Fund, 1 Withdraw, 2 Transfer send, 3 Transfer receive, ... 7/9 savings withdrawals. */
  state: number;
  /** type_of_transaction: funding, withdraw, transfer, ... */
  type: string;
  description: string;
  txnHash?: string | null;
  toAddress?: string | null;
  fromAddress?: string | null;
};

/** What every ledger row carries, whichever way the money goes. */
type Posting = {
  currency: string;
  /** Unsigned: a credit adds it, a debit takes it away. */
  amount: Amount;
  /** ledger_entries.kind, e.g. withdrawal-refund, savings-withdrawal, remittance, wallet-merge. */
  kind: string;
  reference: LedgerReference;
  staffId: string | null;
};

/** A credit or a debit of one wallet, with the history row the customer sees. */
export type Entry = Posting & { walletId: string; mirror: Mirror };

/** A move between two wallets in one currency: a debit and a credit, a send and a receive row. */
export type Move = Posting & {
  from: { walletId: string; address: string };
  to: { walletId: string; address: string };
  /** Both history rows belong to this customer and carry this description. */
  userId: string;
  description: string;
};

/** The balance after a credit or debit, and the ids of its ledger row and its history row. */
export type Applied = { balanceAfter: string; ledgerEntryId: number; walletTransactionId: string };

async function apply(tx: Tx, entry: Entry, sign: 1 | -1): Promise<Applied> {
  const amount = assertAmount(entry.amount);
  const signed = sign === 1 ? sql`${amount}::numeric` : sql`-(${amount}::numeric)`;
  const {
    rows: [row],
  } = await tx.execute<{ id: string; balance_after: string }>(sql`
    INSERT INTO ledger_entries (wallet_id, currency, amount, kind, reference_type, reference_id, staff_id)
    VALUES (${entry.walletId}, ${entry.currency}, ${signed}, ${entry.kind}, ${entry.reference.type}, ${entry.reference.id}, ${entry.staffId})
    RETURNING id, trim_scale(balance_after)::text AS balance_after`);
  const m = entry.mirror;
  const {
    rows: [history],
  } = await tx.execute<{ id: string }>(sql`
    INSERT INTO wallet_transactions (user_id, wallet_id, amount, final_amount, fee, currency, transaction_state, type_of_transaction, description, txn_hash, to_address, from_address)
    VALUES (${m.userId}, ${entry.walletId}, ${amount}::numeric, ${amount}::numeric, 0, ${entry.currency}, ${m.state}, ${m.type},
            ${m.description}, ${m.txnHash ?? null}, ${m.toAddress ?? null}, ${m.fromAddress ?? null})
    RETURNING id`);
  return { balanceAfter: row!.balance_after, ledgerEntryId: Number(row!.id), walletTransactionId: history!.id };
}

/** Adds `amount` to the wallet's balance in `currency`; returns the balance after. */
export function credit(tx: Tx, entry: Entry): Promise<Applied> {
  return apply(tx, entry, 1);
}

/** Takes `amount` from the wallet's balance; refused by the database when the balance would go below zero. */
export function debit(tx: Tx, entry: Entry): Promise<Applied> {
  return apply(tx, entry, -1);
}

/**
 * Moves `amount` from one wallet to another: the debit and the credit in one statement (debit
 * first), then the send (state 2) and receive (state 3) history rows, both of type transfer.
 */
export async function move(tx: Tx, m: Move): Promise<{ fromBalanceAfter: string; toBalanceAfter: string }> {
  const amount = assertAmount(m.amount);
  if (m.from.walletId === m.to.walletId) throw new TypeError('A ledger move needs two different wallets');
  const { rows } = await tx.execute<{ wallet_id: string; balance_after: string }>(sql`
    INSERT INTO ledger_entries (wallet_id, currency, amount, kind, reference_type, reference_id, staff_id) VALUES
      (${m.from.walletId}, ${m.currency}, -(${amount}::numeric), ${m.kind}, ${m.reference.type}, ${m.reference.id}, ${m.staffId}),
      (${m.to.walletId}, ${m.currency}, ${amount}::numeric, ${m.kind}, ${m.reference.type}, ${m.reference.id}, ${m.staffId})
    RETURNING wallet_id, trim_scale(balance_after)::text AS balance_after`);
  await tx.execute(sql`
    INSERT INTO wallet_transactions (user_id, wallet_id, amount, final_amount, fee, currency, transaction_state, type_of_transaction, description, from_address, to_address)
    VALUES (${m.userId}, ${m.from.walletId}, ${amount}::numeric, ${amount}::numeric, 0, ${m.currency}, 2, 'transfer', ${m.description}, ${m.from.address}, ${m.to.address}),
           (${m.userId}, ${m.to.walletId}, ${amount}::numeric, ${amount}::numeric, 0, ${m.currency}, 3, 'transfer', ${m.description}, ${m.from.address}, ${m.to.address})`);
  return {
    fromBalanceAfter: rows.find((r) => r.wallet_id === m.from.walletId)!.balance_after,
    toBalanceAfter: rows.find((r) => r.wallet_id === m.to.walletId)!.balance_after,
  };
}
