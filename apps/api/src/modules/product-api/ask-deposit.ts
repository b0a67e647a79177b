import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { debit } from '../../ledger/ledger';
import { toIso } from '../../timestamps/iso';
import { customerFor, ensureAvailable, trimAmount, walletFor } from './product-requests-shared';

/**
 * A deposit into a plan: the amount taken from the customer's wallet through the ledger at once
 * (so it cannot be spent twice) and a pending deposit queue item for staff to batch into the
 * vault, in one transaction. The queue's counters and list anchors follow by trigger.
 */
export async function askDeposit(
  db: Db,
  customerId: string,
  planId: string,
  body: { amount: string; walletId?: string },
  ctx: RequestContext,
) {
  const amount = trimAmount(body.amount);
  return db.transaction(async (tx) => {
    await customerFor(tx, customerId, { deactivated: true, blacklisted: true });
    const {
      rows: [plan],
    } = await tx.execute<{
      id: string;
      plan_type: string;
      plan_name: string;
      currency: string;
      plan_state: string;
    }>(sql`
      SELECT id, plan_type, plan_name, currency, plan_state FROM savings_plans
       WHERE id = ${planId} AND user_id = ${customerId} FOR UPDATE`);
    if (!plan) throw new AppError('NOT_FOUND', 'Plan not found for this customer');
    if (plan.plan_state !== 'active') throw conflict(`The plan is ${plan.plan_state}: it takes no more deposits`);
    const wallet = await walletFor(tx, customerId, body.walletId);
    await ensureAvailable(tx, wallet.id, plan.currency, amount);
    const {
      rows: [item],
    } = await tx.execute<{ id: string; status: string; created_at: string }>(sql`
      INSERT INTO queue_items (queue, user_id, plan_id, amount) VALUES ('deposit', ${customerId}, ${planId}, ${amount}::numeric)
      RETURNING id, status, created_at`);
    const { balanceAfter } = await debit(tx, {
      walletId: wallet.id,
      currency: plan.currency,
      amount,
      kind: 'savings-deposit',
      reference: { type: 'queue_item', id: item!.id },
      staffId: null,
      mirror: {
        userId: customerId,
        state: plan.plan_type === 'fixed' ? 6 : 8,
        type: 'savings',
        description: `Deposit of ${amount} ${plan.currency} into ${plan.plan_name}`,
        fromAddress: wallet.address,
      },
    });
    await tx.execute(
      sql`UPDATE savings_plans SET deposit_amount = deposit_amount + ${amount}::numeric, updated_at = now() WHERE id = ${planId}`,
    );
    const out = {
      queueItemId: item!.id,
      queue: 'deposit' as const,
      customerId,
      planId,
      amount,
      currency: plan.currency,
      status: item!.status,
      balanceAfter,
      createdAt: toIso(item!.created_at),
    };
    await writeAudit(tx, ctx, {
      action: 'product.plan.deposit',
      targetType: 'queue_item',
      targetId: item!.id,
      after: { ...out, walletId: wallet.id },
    });
    return out;
  });
}
