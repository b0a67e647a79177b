import { sql } from 'drizzle-orm';
import type { PlanBatch, PlanType, SavingsPlanDetail } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { AppError } from '../../http/errors';
import { toDate, toIso } from '../../timestamps/iso';

export type PlanRow = {
  id: string;
  plan_name: string;
  protocol_name: string;
  plan_type: PlanType;
  currency: string;
  share_balance: string;
  lock_period: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  deposit_time: Date | string | null;
  withdrawal_time: Date | string | null;
  deposit_amount: string;
  withdrawal_amount: string | null;
  deposit_transaction_hash: string[];
  withdrawal_transaction_hash: string[];
  plan_state: string;
  save_status: string;
  locked: boolean;
  user_id: string;
  username: string;
  email: string;
};
export type BatchRow = {
  id: string;
  action: 'deposit' | 'withdraw';
  transaction_hash: string | null;
  created_at: Date | string;
  batch_status: string;
  status: 'included' | 'resolved';
  amount: string;
  resolved_hash: string | null;
  resolved_at: Date | string | null;
};

export const PLAN_COLUMNS =
  sql.raw(`p.id, p.plan_name, p.protocol_name, p.plan_type, p.currency, p.share_balance, p.lock_period, p.created_at,
  p.updated_at, p.deposit_time, p.withdrawal_time, p.deposit_amount, p.withdrawal_amount, p.deposit_transaction_hash,
  p.withdrawal_transaction_hash, p.plan_state, p.save_status, p.locked, p.user_id, u.username, u.email`);

/** Drizzle's raw `execute` hands timestamps over as PostgreSQL text ("2026-01-02 10:00:00.5+00"). */

export const toPlan = (r: PlanRow): SavingsPlanDetail => ({
  _id: r.id,
  planName: r.plan_name,
  protocolName: r.protocol_name,
  planType: r.plan_type,
  currency: r.currency,
  shareBalance: r.share_balance,
  // The specification's lockPeriod is unix time (seconds).
  lockPeriod: r.lock_period ? Math.floor(toDate(r.lock_period).getTime() / 1000) : null,
  createdAt: toIso(r.created_at)!,
  updatedAt: toIso(r.updated_at)!,
  depositTime: toIso(r.deposit_time),
  withdrawalTime: toIso(r.withdrawal_time),
  depositAmount: r.deposit_amount,
  withdrawalAmount: r.withdrawal_amount,
  depositTransactionHash: r.deposit_transaction_hash,
  withdrawalTransactionHash: r.withdrawal_transaction_hash,
  planState: r.plan_state,
  saveStatus: r.save_status,
  locked: r.locked,
  userId: r.user_id,
  username: r.username,
  email: r.email,
});

export const toBatch = (r: BatchRow): PlanBatch => ({
  _id: r.id,
  action: r.action,
  transactionHash: r.transaction_hash,
  createdAt: toIso(r.created_at)!,
  batchStatus: r.batch_status,
  status: r.status,
  amount: r.amount,
  resolvedHash: r.resolved_hash,
  resolvedAt: toIso(r.resolved_at),
});

export const planNotFound = () => new AppError('NOT_FOUND', 'No savings plan of this type with this id');

export async function findPlan(q: Db | Tx, planId: string, planType?: PlanType, forUpdate = false) {
  const { rows } = await q.execute<PlanRow>(sql`
    SELECT ${PLAN_COLUMNS} FROM savings_plans p JOIN users u ON u.id = p.user_id
     WHERE p.id = ${planId} ${planType ? sql`AND p.plan_type = ${planType}` : sql``}
     ${forUpdate ? sql`FOR UPDATE OF p` : sql``}`);
  return rows[0];
}

export const batchOf = async (q: Db | Tx, planId: string, batchId?: string) =>
  (
    await q.execute<BatchRow>(sql`
    SELECT b.id, b.action, b.transaction_hash, b.created_at, b.status AS batch_status,
           bp.status, bp.amount, bp.resolved_hash, bp.resolved_at
      FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id
     WHERE bp.plan_id = ${planId} ${batchId ? sql`AND bp.batch_id = ${batchId}` : sql``}
     ORDER BY b.created_at DESC, b.id
     LIMIT 200`)
  ).rows;
