import type { ProfileWalletTransaction } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { isoReq, recordsPage } from './user-profile-shared';

/** One page of a customer's wallet transactions, newest first. */
export async function listWalletTransactions(db: Db, userId: string, page: number, pageSize: number) {
  return recordsPage(
    db,
    'wallet_transactions',
    `id, is_active, amount::text AS amount, currency, type_of_transaction, transaction_state, description, txn_hash,
     to_address, from_address, created_at, final_amount::text AS final_amount, user_id, wallet_id`,
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
    }),
  );
}
