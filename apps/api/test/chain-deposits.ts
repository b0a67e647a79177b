import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { credit } from '../src/ledger/ledger';

/** Random hex of `bytes` bytes, 0x-prefixed (hashes, addresses). */
export const randomHex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;

let seq = 0;
/** A customer with one wallet at `address` (random unless given). */
export async function customerWithWallet(db: Db, address = randomHex(20)) {
  const n = `${process.pid}${++seq}`;
  const {
    rows: [u],
  } = await db.$client.query<{ id: string; username: string }>(
    `INSERT INTO users (full_name, username, email, referral_code) VALUES ($1, $2, $3, $4) RETURNING id, username::text`,
    [`Deposit Person${n}`, `deposit${n}`, `deposit${n}@example.test`, `DEP${n}`],
  );
  const {
    rows: [w],
  } = await db.$client.query<{ id: string; address: string }>(
    `INSERT INTO wallets (user_id, name, address) VALUES ($1, 'Main', $2) RETURNING id, address`,
    [u!.id, address],
  );
  return { ...u!, wallet: w! };
}
export type DepositCustomer = Awaited<ReturnType<typeof customerWithWallet>>;

export type RecordedTransfer = {
  chainId: number;
  status: 'seen' | 'credited' | 'dropped' | 'ignored';
  block: number;
  /** In tokens (18 decimals); `amountWei` overrides the wei the row records. */
  amount: string;
  token: string;
  currency?: string;
  txHash?: string;
  logIndex?: number;
  toAddress?: string;
  reason?: string;
};

/**
 * A transfer as the chain watcher records it (docs/decisions/chain-watcher.md): a credited one goes
 * through the ledger module (one ledger row, one wallet transaction carrying the hash) in the same
 * transaction as its chain_deposits row, which points at both.
 */
export async function recordTransfer(db: Db, who: DepositCustomer, o: RecordedTransfer) {
  const txHash = (o.txHash ?? randomHex(32)).toLowerCase();
  const currency = o.currency ?? 'BUSD';
  const logIndex = o.logIndex ?? 0;
  const to = (o.toAddress ?? who.wallet.address).toLowerCase();
  return db.transaction(async (tx) => {
    let ledgerId: number | null = null;
    let walletTxId: string | null = null;
    if (o.status === 'credited') {
      const made = await credit(tx, {
        walletId: who.wallet.id,
        currency,
        amount: o.amount,
        kind: 'chain-deposit',
        reference: { type: 'chain-deposit', id: `${o.chainId}:${txHash}:${logIndex}` },
        staffId: null,
        mirror: {
          userId: who.id,
          state: 0,
          type: 'funding',
          description: 'Deposit received on chain',
          txnHash: txHash,
          toAddress: to,
          fromAddress: '0x00000000000000000000000000000000000000aa',
        },
      });
      ledgerId = Number(made.ledgerEntryId);
      walletTxId = made.walletTransactionId;
    }
    const seen = o.status === 'seen';
    const { rows } = await tx.execute<{ id: string }>(sql`
      INSERT INTO chain_deposits (chain_id, tx_hash, log_index, block_number, block_hash, token, currency, from_address, to_address,
                                  amount_wei, amount, wallet_id, user_id, status, reason, decided_at, confirmations, ledger_entry_id, wallet_transaction_id)
      VALUES (${o.chainId}, ${txHash}, ${logIndex}, ${o.block}, ${randomHex(32)}, ${o.token.toLowerCase()}, ${currency},
              '0x00000000000000000000000000000000000000aa', ${to}, (${o.amount}::numeric * 1e18)::numeric(78,0), ${o.amount}::numeric,
              ${who.wallet.id}, ${who.id}, ${o.status}, ${o.reason ?? null}, ${seen ? null : new Date().toISOString()}::timestamptz,
              ${seen ? null : 3}::int, ${ledgerId}::bigint, ${walletTxId}::uuid)
      RETURNING id::text`);
    return { id: rows[0]!.id, txHash, walletTxId };
  });
}
