import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savingsLockResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import type { LockedKind } from './get-locked-savings';
import { complianceKeys } from '../query-keys';

/** `lockVersion`: the plan's lock version as listed, so an unlock releases only the lock shown (409 otherwise). */
export type UnlockInput = {
  kind: LockedKind;
  planId: string;
  lockedAmount: string | null;
  lockedComment: string;
  lockVersion: number;
};

/** The profile's one lock/unlock call (PUT admin/lock-fixed-savings or admin/lock-flexible-savings) with lockStatus unlock. */
export const unlockSavings = ({ kind, planId, lockedAmount, lockedComment, lockVersion }: UnlockInput) =>
  kind === 'fixed'
    ? apiRequest('admin/lock-fixed-savings', savingsLockResult, {
        method: 'PUT',
        body: { fixedSavingsId: planId, lockedComment, lockStatus: 'unlock', lockVersion },
      })
    : apiRequest('admin/lock-flexible-savings', savingsLockResult, {
        method: 'PUT',
        body: {
          flexibleSavingsId: planId,
          ...(lockedAmount ? { lockedAmount } : {}),
          lockedComment,
          lockStatus: 'unlock',
          lockVersion,
        },
      });

export const useUnlockSavingsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockSavings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.locked }),
  });
};
