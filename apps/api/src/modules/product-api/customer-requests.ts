import { sql } from 'drizzle-orm';
import type { ProductRequestState } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { toIso } from '../../timestamps/iso';
import { withdrawalLabel } from './ask-withdrawal';
import { customerFor } from './product-requests-shared';

type Row = {
  kind: ProductRequestState['kind'];
  id: string;
  status: string;
  amount: string | null;
  currency: string | null;
  plan_id: string | null;
  created_at: string;
  updated_at: string;
};

/**
 * Every request a customer has (its KYC case, plans, deposit and withdraw queue items,
 * Withdrawal Out requests, funding requests), newest first, at most `limit`: each part read
 * through its customer index (queue items through the customer's plans) and cut at `limit`.
 */
export async function customerRequests(db: Db, customerId: string, limit: number) {
  return db.transaction(async (tx) => {
    await customerFor(tx, customerId, {});
    const { rows } = await tx.execute<Row>(sql`
      (SELECT 'kyc' AS kind, id, coalesce(level_two_status, 'none') AS status, NULL AS amount, NULL AS currency, NULL::uuid AS plan_id,
              created_at, updated_at
         FROM kyc_records WHERE user_id = ${customerId})
      UNION ALL
      (SELECT 'plan', id, plan_state, trim_scale(deposit_amount)::text, currency, id, created_at, updated_at
         FROM savings_plans WHERE user_id = ${customerId} ORDER BY created_at DESC LIMIT ${limit})
      UNION ALL
      (SELECT CASE WHEN qi.queue = 'deposit' THEN 'deposit' ELSE 'withdraw-queue' END, qi.id, qi.status, trim_scale(qi.amount)::text,
              p.currency, qi.plan_id, qi.created_at, qi.updated_at
         FROM savings_plans p JOIN queue_items qi ON qi.plan_id = p.id
        WHERE p.user_id = ${customerId} ORDER BY qi.created_at DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'withdrawal-out', id, status::text, trim_scale(amount)::text, CASE currency WHEN 1 THEN 'BUSD' ELSE 'VLT' END, NULL,
              created_at, updated_at
         FROM withdrawal_requests WHERE user_id = ${customerId} ORDER BY created_at DESC LIMIT ${limit})
      UNION ALL
      (SELECT 'funding', id, 'filed', trim_scale(amount_received)::text, currency, NULL, created_at, updated_at
         FROM funding_requests WHERE user_id = ${customerId} ORDER BY created_at DESC LIMIT ${limit})
      ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
    return {
      customerId,
      requests: rows.map((r): ProductRequestState => ({
        kind: r.kind,
        id: r.id,
        status: r.kind === 'withdrawal-out' ? withdrawalLabel(Number(r.status)) : r.status,
        amount: r.amount,
        currency: r.currency,
        planId: r.plan_id,
        createdAt: toIso(r.created_at),
        updatedAt: toIso(r.updated_at),
      })),
    };
  });
}
