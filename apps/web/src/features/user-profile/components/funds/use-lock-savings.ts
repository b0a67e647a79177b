import { App as AntApp } from 'antd';
import type { LockStatus } from '@vaultdesk/contract';
import { ApiError } from '../../../../api/client';
import { useLockFixedSavingsMutation } from '../../api/lock-fixed-savings';
import { useLockFlexibleSavingsMutation } from '../../api/lock-flexible-savings';
import { showFundsFailure } from './funds-feedback';
import type { LockSavingsPlan } from './lock-savings-action';

export type LockForm = { comment: string; amount?: string };

/** Locks or unlocks a plan (fixed: whole; flexible: an amount), then closes the dialog as its answer says. */
export const useLockSavings = (userId: string, plan: LockSavingsPlan, onClose: () => void) => {
  const { message } = AntApp.useApp();
  const fixed = useLockFixedSavingsMutation(userId);
  const flexible = useLockFlexibleSavingsMutation(userId);
  const isFlexible = plan.planType === 'flexible';

  const send = async (lockStatus: LockStatus, values: LockForm) => {
    try {
      const result = isFlexible
        ? await flexible.mutateAsync({
            flexibleSavingsId: plan.id,
            lockedComment: values.comment,
            lockStatus,
            lockVersion: plan.lockVersion,
            ...(lockStatus === 'lock' ? { lockedAmount: values.amount?.trim() } : {}),
          })
        : await fixed.mutateAsync({
            fixedSavingsId: plan.id,
            lockedComment: values.comment,
            lockStatus,
            lockVersion: plan.lockVersion,
          });
      void message.success(result.message);
      onClose();
    } catch (error) {
      showFundsFailure(message, error);
      // Bad input stays open to be fixed; a refusal from the plan's state (another admin was
      // first, the plan is gone) closes it, and the refreshed view shows the current state.
      if (error instanceof ApiError && error.status !== 400) onClose();
    }
  };

  return { pending: fixed.isPending || flexible.isPending, send };
};
