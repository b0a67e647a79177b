import type { ProfileWalletTransaction } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { isoReq, recordsPage } from './user-profile-shared';

/**
 * A deposit the chain watcher credited: its confirmations now, from the chain's head as last read
 * (one index lookup per row of the page, chain_deposits_wallet_tx_idx; null for every other row).
 */
const CHAIN_CONFIRMATIONS = `SELECT greatest(coalesce(cd.confirmations, 0), coalesce(c.head_block - cd.block_number + 1, 0))::int
    FROM chain_deposits cd LEFT JOIN chain_watch_cursors c ON c.chain_id = cd.chain_id
   WHERE cd.wallet_transaction_id = wallet_transactions.id AND cd.status = 'credited' LIMIT 1`;

/** One page of a customer's wallet transactions, newest first, a credited chain deposit with its confirmations. */
export async function listWalletTransactions(db: Db, userId: string, page: number, pageSize: number) {
  return recordsPage(
    db,
    'wallet_transactions',
    `id, is_active, amount::text AS amount, currency, type_of_transaction, transaction_state, description, txn_hash,
     to_address, from_address, created_at, final_amount::text AS final_amount, user_id, wallet_id,
     (${CHAIN_CONFIRMATIONS}) AS confirmations`,
    userId,
    page,
    pageSize,
    (r): ProfileWalletTransaction => ({
      _id: r.id as string,
      isActive: r.is_active as boolean,
      amount: r.amount as string,
      currency: r.currency as string,
      typeOfTransaction: r.type_of_transaction as string,
      transactionState: r.transaction_state as number,
      description: (r.description as string | null) ?? null,
      txnHash: (r.txn_hash as string | null) ?? null,
      toAddress: (r.to_address as string | null) ?? null,
      fromAddress: (r.from_address as string | null) ?? null,
      createdAt: isoReq(r.created_at),
      finalAmount: r.final_amount as string,
      userId: r.user_id as string,
      walletId: r.wallet_id as string,
      confirmations: (r.confirmations as number | null) ?? null,
    }),
  );
}
