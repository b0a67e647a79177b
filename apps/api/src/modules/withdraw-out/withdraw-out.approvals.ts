import { sql } from 'drizzle-orm';
import { CURRENCY_CODES } from '@vaultdesk/contract';
import type { Tx } from '@vaultdesk/db';
import { createPayoutVerifier } from '../../chain/payout-chain';
import type { Config } from '../../config/config';
import { oneRow, over, type ActionDef, type AreaApprovals, type Snapshot } from '../approvals/approvals.service';
import { usdAtCurrentPrices } from '../settings/settings.service';
import { createWithdrawOutService } from './withdraw-out.service';

async function withdrawal(q: Tx, id: string) {
  return oneRow<{
    status: number;
    currency: number;
    final_amount: string;
    amount: string;
    email: string;
    transaction_hash: string | null;
  }>(
    q,
    sql`
    SELECT r.status, r.currency, trim_scale(r.final_amount)::text AS final_amount, trim_scale(r.amount)::text AS amount,
           u.email::text AS email, r.transaction_hash
      FROM withdrawal_requests r JOIN users u ON u.id = r.user_id WHERE r.id = ${id}`,
  );
}

const withdrawalSnapshot = async (q: Tx, id: string): Promise<Snapshot> => {
  const r = await withdrawal(q, id);
  return {
    "the withdrawal request's status": r ? r.status : null,
    "the withdrawal request's transaction hash": r?.transaction_hash ?? null,
  };
};

type WithdrawOut = (tx: Tx) => ReturnType<typeof createWithdrawOutService>;

/** Paying a withdrawal request out, on chain or in the app (the final amount). */
const payOut = (withdrawOut: WithdrawOut, kind: 'chain' | 'inApp'): ActionDef => ({
  kind: 'withdrawalOut',
  permission: 'withdrawals.manage',
  summary: async (q, { body }) => {
    const r = await withdrawal(q, String(body.requestId));
    return `Process the withdrawal request ${String(body.requestId)} of ${r?.email ?? 'a customer'}: pay ${r?.final_amount ?? '?'} ${CURRENCY_CODES[(r?.currency ?? 1) as 1 | 2]}${kind === 'inApp' ? ' in the app' : ''} (hash ${String(body.hash)})`;
  },
  amountUsd: async (q, { body }) => {
    const r = await withdrawal(q, String(body.requestId));
    return r ? usdAtCurrentPrices(q, r.final_amount, CURRENCY_CODES[r.currency as 1 | 2]) : null;
  },
  snapshot: (q, { body }) => withdrawalSnapshot(q, String(body.requestId)),
  execute: (tx, ctx, { body }, permissions) =>
    withdrawOut(tx).process(kind, body as { requestId: string; hash: string; channel: 'human' }, permissions, ctx),
});

/** The withdrawal out queue's guarded moves: those that move money (a Withdrawal Out kind). */
export const WITHDRAW_OUT_APPROVALS: AreaApprovals = (config: Config) => {
  const verifier = createPayoutVerifier(config.chain);
  const withdrawOut: WithdrawOut = (tx) => createWithdrawOutService(over(tx), () => {}, verifier, config.chain);
  return {
    'withdrawal.cancel': {
      kind: 'withdrawalOut',
      permission: 'withdrawals.manage',
      // Cancelling refunds the customer (money moves); the other status changes do not.
      covers: ({ body }) => body.status === 3,
      summary: async (q, { body }) => {
        const r = await withdrawal(q, String(body.requestId));
        return `Cancel the withdrawal request ${String(body.requestId)} of ${r?.email ?? 'a customer'} and refund ${r?.amount ?? '?'} ${CURRENCY_CODES[(r?.currency ?? 1) as 1 | 2]}`;
      },
      amountUsd: async (q, { body }) => {
        const r = await withdrawal(q, String(body.requestId));
        return r ? usdAtCurrentPrices(q, r.amount, CURRENCY_CODES[r.currency as 1 | 2]) : null;
      },
      snapshot: (q, { body }) => withdrawalSnapshot(q, String(body.requestId)),
      execute: (tx, ctx, { body }, permissions) =>
        withdrawOut(tx).setStatus(String(body.requestId), 3, permissions, ctx),
    },
    'withdrawal.process': payOut(withdrawOut, 'chain'),
    'withdrawal.process-in-app': payOut(withdrawOut, 'inApp'),
  };
};
