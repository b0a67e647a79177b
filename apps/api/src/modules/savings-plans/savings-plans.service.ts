import { sql } from 'drizzle-orm';
import { REWARD_RECORD_LIMIT, type PlanType, type RewardRecord } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { RequestContext } from '../../http/context';
import type { BatchVerifier } from '../../chain/batch-chain';
import type { ClaimChain } from '../../chain/transaction-claims';
import { toIso } from '../../timestamps/iso';
import { batchOf, findPlan, planNotFound, toBatch, toPlan } from './plan-rows';
import { resolvePlanPart } from './resolve-plan';

/** `chain`: the configured chain (read at each call), on which a Resolve's own transaction is claimed. */
export function createSavingsPlansService(db: Db, verify: BatchVerifier, chain: ClaimChain = { chainId: null }) {
  return {
    async detail(planId: string, planType: PlanType) {
      const row = await findPlan(db, planId, planType);
      if (!row) throw planNotFound();
      return toPlan(row);
    },

    async batches(planId: string, planType: PlanType) {
      // A plan of the other type answers 404 like the detail, rather than an empty list that reads as "never batched".
      const { rows } = await db.execute<{ one: number }>(
        sql`SELECT 1 AS one FROM savings_plans WHERE id = ${planId} AND plan_type = ${planType}`,
      );
      if (!rows[0]) throw planNotFound();
      return { batches: (await batchOf(db, planId)).map(toBatch) };
    },

    /** Resolves a plan's part in a batch with the transaction that carried it (resolve-plan.ts). */
    resolve: (body: { batchId: string; hash: string; planId: string }, ctx: RequestContext) =>
      resolvePlanPart(db, verify, chain, body, ctx),

    async rewardRecords(planId: string) {
      const { rows } = await db.execute<{
        id: string;
        amount: string;
        currency: string;
        status: string;
        transaction_hash: string | null;
        created_at: Date | string;
      }>(sql`
        SELECT id, amount, currency, status, transaction_hash, created_at FROM reward_records
         WHERE plan_id = ${planId} ORDER BY created_at DESC, id LIMIT ${REWARD_RECORD_LIMIT}`);
      const records: RewardRecord[] = rows.map((r) => ({
        _id: r.id,
        amount: r.amount,
        currency: r.currency,
        status: r.status,
        transactionHash: r.transaction_hash,
        createdAt: toIso(r.created_at)!,
      }));
      // Summed in SQL, not in floats.
      const { rows: totals } = await db.execute<{ currency: string; total: string }>(sql`
        SELECT currency, sum(amount)::text AS total FROM reward_records WHERE plan_id = ${planId} GROUP BY currency ORDER BY currency`);
      return { planId, records, total: Object.fromEntries(totals.map((t) => [t.currency, t.total])) };
    },
  };
}
