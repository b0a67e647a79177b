import { sql } from 'drizzle-orm';
import type { ProductPlanBody } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { toIso } from '../../timestamps/iso';
import { customerFor } from './product-requests-shared';

type Body = Omit<ProductPlanBody, 'currency'> & { currency: string };

type PlanRow = {
  id: string;
  plan_type: 'fixed' | 'flexible';
  plan_name: string;
  currency: string;
  deposit_amount: string;
  plan_state: string;
  save_status: string;
  lock_period: string | null;
  created_at: string;
};

/**
 * A savings plan opened empty (deposit 0, save status pending): money reaches it only through a
 * deposit request and the deposit queue. A fixed plan's term ends `termDays` after opening.
 */
export async function openPlan(db: Db, customerId: string, body: Body, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    await customerFor(tx, customerId, { deactivated: true, blacklisted: true });
    const {
      rows: [plan],
    } = await tx.execute<PlanRow>(sql`
      INSERT INTO savings_plans (user_id, plan_type, plan_name, currency, deposit_amount, lock_period, plan_state, save_status)
      VALUES (${customerId}, ${body.planType}, ${body.planName}, ${body.currency}, 0,
              ${body.planType === 'fixed' ? sql`now() + make_interval(days => ${body.termDays!}::int)` : sql`NULL`}, 'active', 'pending')
      RETURNING id, plan_type, plan_name, currency, trim_scale(deposit_amount)::text AS deposit_amount, plan_state, save_status,
                lock_period, created_at`);
    const out = {
      planId: plan!.id,
      customerId,
      planType: plan!.plan_type,
      planName: plan!.plan_name,
      currency: plan!.currency,
      depositAmount: plan!.deposit_amount,
      planState: plan!.plan_state,
      saveStatus: plan!.save_status,
      lockPeriod: toIso(plan!.lock_period),
      createdAt: toIso(plan!.created_at),
    };
    await writeAudit(tx, ctx, {
      action: 'product.plan.open',
      targetType: 'savings_plan',
      targetId: plan!.id,
      after: { ...out, termDays: body.termDays ?? null },
    });
    return out;
  });
}
