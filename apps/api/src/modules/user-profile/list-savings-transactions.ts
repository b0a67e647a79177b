import type { ProfileSavingsTransaction } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { isoReq, recordsPage } from './user-profile-shared';

/** One page of a customer's savings transactions, newest first. */
export async function listSavingsTransactions(db: Db, userId: string, page: number, pageSize: number) {
  return recordsPage(
    db,
    'savings_transactions',
    'id, amount::text AS amount, currency, network, txn_hash, transaction_state, description, is_active, created_at, plan_id, user_id',
    userId,
    page,
    pageSize,
    (r): ProfileSavingsTransaction => ({
      _id: r.id as string,
      amount: r.amount as string,
      currency: r.currency as string,
      network: r.network as number,
      txnHash: (r.txn_hash as string | null) ?? null,
      transactionState: r.transaction_state as number,
      description: (r.description as string | null) ?? null,
      isActive: r.is_active as boolean,
      createdAt: isoReq(r.created_at),
      planId: r.plan_id as string,
      userId: r.user_id as string,
    }),
  );
}
