import type { LockStatus, RemittanceCurrencyCode } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { RequestContext } from '../../http/context';
import { resolveMultipleWallet } from './resolve-multiple-wallet';
import { setPlanLock } from './set-plan-lock';
import { triggerRemittance } from './trigger-remittance';

/**
 * The user-funds module's public face: locks on savings plans, remittances and duplicate-wallet
 * resolves. Each operation lives in its own file (set-plan-lock, trigger-remittance,
 * resolve-multiple-wallet) and takes the database explicitly.
 */
export function createUserFundsService(db: Db) {
  return {
    lockFixedSavings: (
      ctx: RequestContext,
      body: { fixedSavingsId: string; lockedComment: string; lockStatus: LockStatus; lockVersion?: number | undefined },
    ) =>
      setPlanLock(db, ctx, {
        planId: body.fixedSavingsId,
        planType: 'fixed',
        lockStatus: body.lockStatus,
        comment: body.lockedComment,
        lockVersion: body.lockVersion,
      }),

    lockFlexibleSavings: (
      ctx: RequestContext,
      body: {
        flexibleSavingsId: string;
        lockedAmount?: string;
        lockedComment: string;
        lockStatus: LockStatus;
        lockVersion?: number | undefined;
      },
    ) =>
      setPlanLock(db, ctx, {
        planId: body.flexibleSavingsId,
        planType: 'flexible',
        lockStatus: body.lockStatus,
        comment: body.lockedComment,
        amount: body.lockedAmount,
        lockVersion: body.lockVersion,
      }),

    triggerRemittance: (ctx: RequestContext, body: { userId: string; currency: RemittanceCurrencyCode }) =>
      triggerRemittance(db, ctx, body),

    resolveMultipleWallet: (ctx: RequestContext, walletId: string) => resolveMultipleWallet(db, ctx, walletId),
  };
}
