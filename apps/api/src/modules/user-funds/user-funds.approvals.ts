import { sql } from 'drizzle-orm';
import { REMITTANCE_CURRENCIES } from '@vaultdesk/contract';
import type { Tx } from '@vaultdesk/db';
import { oneRow, over, type ActionDef, type AreaApprovals } from '../approvals/approvals.service';
import { usdAtCurrentPrices } from '../settings/settings.service';
import { createUserFundsService } from './user-funds.service';

type UserFunds = ReturnType<typeof createUserFundsService>;

async function customerBalance(q: Tx, userId: string, currency: string) {
  // The customer's wallets in the order the remittance and the wallet merge lock them.
  await q.execute(sql`SELECT id FROM wallets WHERE user_id = ${userId} ORDER BY created_at, id FOR SHARE`);
  const r = await oneRow<{ total: string; email: string | null }>(
    q,
    sql`
    SELECT trim_scale(coalesce((SELECT sum(wb.balance) FROM wallet_balances wb JOIN wallets w ON w.id = wb.wallet_id
                                 WHERE w.user_id = ${userId} AND wb.currency = ${currency}), 0))::text AS total,
           (SELECT email::text FROM users WHERE id = ${userId}) AS email`,
  );
  return { total: r?.total ?? '0', email: r?.email ?? userId };
}

async function planLock(q: Tx, id: string) {
  return oneRow<{ locked: boolean; entries: number; email: string | null; currency: string }>(
    q,
    sql`
    SELECT p.locked, (SELECT count(*)::int FROM savings_lock_entries e WHERE e.plan_id = p.id) AS entries, u.email::text AS email, p.currency
      FROM savings_plans p LEFT JOIN users u ON u.id = p.user_id WHERE p.id = ${id}`,
  );
}

/** Unlocking a savings plan (a blacklist kind); a lock stays immediate. */
const unlock = (planType: 'fixed' | 'flexible', idField: string): ActionDef => ({
  kind: 'blacklist',
  permission: 'users.manage',
  covers: ({ body }) => body.lockStatus === 'unlock',
  summary: async (q, { body }) => {
    const p = await planLock(q, String(body[idField]));
    return `Unlock the ${planType} savings plan ${String(body[idField])} of ${p?.email ?? 'a customer'}`;
  },
  snapshot: async (q, { body }) => {
    const p = await planLock(q, String(body[idField]));
    return {
      "the plan's lock": p ? (p.locked ? 'locked' : 'unlocked') : null,
      "the plan's lock version": p?.entries ?? null,
    };
  },
  execute: (tx, ctx, { body }) =>
    planType === 'fixed'
      ? createUserFundsService(over(tx)).lockFixedSavings(ctx, body as Parameters<UserFunds['lockFixedSavings']>[1])
      : createUserFundsService(over(tx)).lockFlexibleSavings(
          ctx,
          body as Parameters<UserFunds['lockFlexibleSavings']>[1],
        ),
});

/** A customer's funds: remitting a whole balance (a Remit Funds kind) and unlocking a savings plan. */
export const USER_FUNDS_APPROVALS: AreaApprovals = () => ({
  'remittance.trigger': {
    kind: 'remitFunds',
    permission: 'funds.remit',
    summary: async (q, { body }) => {
      const currency = REMITTANCE_CURRENCIES[body.currency as 1 | 2];
      const b = await customerBalance(q, String(body.userId), currency);
      return `Remit the whole ${currency} balance (${b.total} ${currency}) of ${b.email}`;
    },
    amountUsd: async (q, { body }) => {
      const currency = REMITTANCE_CURRENCIES[body.currency as 1 | 2];
      return usdAtCurrentPrices(q, (await customerBalance(q, String(body.userId), currency)).total, currency);
    },
    snapshot: async (q, { body }) => {
      const currency = REMITTANCE_CURRENCIES[body.currency as 1 | 2];
      return {
        [`the customer's ${currency} balance`]: (await customerBalance(q, String(body.userId), currency)).total,
      };
    },
    execute: (tx, ctx, { body }) =>
      createUserFundsService(over(tx)).triggerRemittance(ctx, body as { userId: string; currency: 1 | 2 }),
  },
  'savings.unlock-fixed': unlock('fixed', 'fixedSavingsId'),
  'savings.unlock-flexible': unlock('flexible', 'flexibleSavingsId'),
});
