import type { ProfilePlan } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { iso, isoReq, profileExists, type Row } from './user-profile-shared';

const planOf = (r: Row): ProfilePlan => ({
  _id: r.id as string,
  planName: r.plan_name as string,
  protocolName: r.protocol_name as string,
  shareBalance: r.share_balance as string,
  lockPeriod: r.lock_period == null ? null : Math.floor((r.lock_period as Date).getTime() / 1000),
  createdAt: isoReq(r.created_at),
  updatedAt: isoReq(r.updated_at),
  depositTime: iso(r.deposit_time),
  withdrawalTime: iso(r.withdrawal_time),
  depositAmount: r.deposit_amount as string,
  depositTransactionHash: (r.deposit_transaction_hash as string[]) ?? [],
  withdrawalTransactionHash: (r.withdrawal_transaction_hash as string[]) ?? [],
  planState: r.plan_state as string,
  saveStatus: r.save_status as string,
  userId: r.user_id as string,
  planType: r.plan_type as 'fixed' | 'flexible',
  currency: r.currency as string,
  locked: r.locked as boolean,
  lockedAmount: (r.locked_amount as string | null) ?? null,
  lockedComment: (r.locked_comment as string | null) ?? null,
  lockVersion: r.lock_version as number,
});

/** A customer's savings plans, newest first (the last 500); an unknown customer is a 404. */
export async function listUserPlans(db: Db, userId: string) {
  const { rows } = await db.$client.query(
    `SELECT id, plan_name, protocol_name, share_balance::text AS share_balance, lock_period, created_at, updated_at,
            deposit_time, withdrawal_time, deposit_amount::text AS deposit_amount, deposit_transaction_hash,
            withdrawal_transaction_hash, plan_state, save_status, user_id, plan_type, currency, locked,
            locked_amount::text AS locked_amount, locked_comment,
            (SELECT count(*)::int FROM savings_lock_entries e WHERE e.plan_id = savings_plans.id) AS lock_version
       FROM savings_plans WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 500`,
    [userId],
  );
  if (!rows.length) await profileExists(db, userId);
  return { records: rows.map(planOf), totalRecords: rows.length };
}
