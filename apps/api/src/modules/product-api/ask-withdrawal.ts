import { sql } from 'drizzle-orm';
import { CURRENCY_CODES, withdrawalMachine, type WithdrawalStatus } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { debit } from '../../ledger/ledger';
import { toIso } from '../../timestamps/iso';
import { customerFor, ensureAvailable, trimAmount, walletFor } from './product-requests-shared';

type Body = {
  amount: string;
  planId?: string;
  currency?: 'BUSD' | 'VLT';
  destinationAddress?: string;
  walletId?: string;
};

const CODE_OF = Object.fromEntries(
  Object.entries(CURRENCY_CODES).map(([code, name]) => [name, Number(code)]),
) as Record<string, number>;
export const withdrawalLabel = (status: number) =>
  withdrawalMachine.states[status as WithdrawalStatus]?.label ?? String(status);

/**
 * Out of a plan: a pending withdraw queue item (the plan's money is in the vault; the withdraw
 * queue brings it back to the wallet). The plan's row lock serialises requests on one plan and
 * the amount must fit what the plan holds less what is already asked or still being deposited.
 */
async function outOfPlan(tx: Tx, customerId: string, planId: string, amount: string) {
  const {
    rows: [plan],
  } = await tx.execute<{
    id: string;
    currency: string;
    plan_type: string;
    locked: boolean;
    plan_state: string;
    term_open: boolean;
  }>(sql`
    SELECT id, currency, plan_type, locked, plan_state, (plan_type = 'fixed' AND lock_period > now()) AS term_open
      FROM savings_plans WHERE id = ${planId} AND user_id = ${customerId} FOR UPDATE`);
  if (!plan) throw new AppError('NOT_FOUND', 'Plan not found for this customer');
  if (plan.locked) throw conflict('The plan is locked by staff: nothing can be withdrawn from it');
  if (plan.plan_state === 'withdrawn') throw conflict('The plan is already withdrawn');
  if (plan.term_open) throw conflict("The fixed plan's term has not ended");
  const {
    rows: [room],
  } = await tx.execute<{ available: string; enough: boolean }>(sql`
    WITH asked AS (
      SELECT coalesce(sum(amount) FILTER (WHERE queue = 'withdraw' AND status IN ('pending', 'processing')), 0)
           + coalesce(sum(amount) FILTER (WHERE queue = 'deposit' AND status IN ('pending', 'processing', 'failed')), 0) AS held
        FROM queue_items WHERE plan_id = ${planId})
    SELECT trim_scale(greatest(0, p.deposit_amount - coalesce(p.withdrawal_amount, 0) - asked.held))::text AS available,
           p.deposit_amount - coalesce(p.withdrawal_amount, 0) - asked.held >= ${amount}::numeric AS enough
      FROM savings_plans p, asked WHERE p.id = ${planId}`);
  if (!room!.enough)
    throw new AppError('CONFLICT', `Insufficient plan balance: ${room!.available} ${plan.currency} available`, {
      available: [room!.available],
    });
  const {
    rows: [item],
  } = await tx.execute<{ id: string; status: string; created_at: string }>(sql`
    INSERT INTO queue_items (queue, user_id, plan_id, amount) VALUES ('withdraw', ${customerId}, ${planId}, ${amount}::numeric)
    RETURNING id, status, created_at`);
  return {
    route: 'withdraw-queue' as const,
    requestId: item!.id,
    customerId,
    amount,
    currency: plan.currency,
    status: item!.status,
    planId,
    walletId: null,
    destinationAddress: null,
    formerBalance: null,
    balance: null,
    createdAt: toIso(item!.created_at),
  };
}

/**
 * Out of a wallet to an address: a Withdrawal Out request in Review (8), the amount taken from
 * the wallet through the ledger in the same transaction (Cancel Request credits it back).
 */
async function outOfWallet(tx: Tx, customerId: string, body: Body, amount: string) {
  const currency = body.currency!;
  const wallet = await walletFor(tx, customerId, body.walletId);
  const formerBalance = await ensureAvailable(tx, wallet.id, currency, amount);
  const {
    rows: [request],
  } = await tx.execute<{ id: string; status: number; created_at: string }>(sql`
    INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, initiator,
                                     destination_address)
    VALUES (${customerId}, ${wallet.id}, ${CODE_OF[currency]!}, ${amount}::numeric, 0, ${amount}::numeric, ${formerBalance}::numeric,
            ${formerBalance}::numeric - ${amount}::numeric, 8, 1, ${body.destinationAddress!})
    RETURNING id, status, created_at`);
  const { balanceAfter } = await debit(tx, {
    walletId: wallet.id,
    currency,
    amount,
    kind: 'withdrawal',
    reference: { type: 'withdrawal_request', id: request!.id },
    staffId: null,
    mirror: {
      userId: customerId,
      state: 1,
      type: 'withdraw',
      description: `Withdrawal of ${amount} ${currency} to ${body.destinationAddress!}`,
      fromAddress: wallet.address,
      toAddress: body.destinationAddress!,
    },
  });
  return {
    route: 'withdrawal-out' as const,
    requestId: request!.id,
    customerId,
    amount,
    currency,
    status: withdrawalLabel(Number(request!.status)),
    planId: null,
    walletId: wallet.id,
    destinationAddress: body.destinationAddress!,
    formerBalance,
    balance: balanceAfter,
    createdAt: toIso(request!.created_at),
  };
}

export async function askWithdrawal(db: Db, customerId: string, body: Body, ctx: RequestContext) {
  const amount = trimAmount(body.amount);
  return db.transaction(async (tx) => {
    await customerFor(tx, customerId, { deactivated: true, blacklisted: true });
    const out = body.planId
      ? await outOfPlan(tx, customerId, body.planId, amount)
      : await outOfWallet(tx, customerId, body, amount);
    await writeAudit(tx, ctx, {
      action: `product.withdrawal.${out.route}`,
      targetType: out.route === 'withdraw-queue' ? 'queue_item' : 'withdrawal_request',
      targetId: out.requestId,
      after: out,
    });
    return out;
  });
}
