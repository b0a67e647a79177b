import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savingsLockResult, type LockFlexibleSavingsBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const lockFlexibleSavings = (body: LockFlexibleSavingsBody) =>
  apiRequest('admin/lock-flexible-savings', savingsLockResult, { method: 'PUT', body });

/** Locks an amount of a flexible plan, or unlocks it; the whole profile refreshes afterwards. */
export const useLockFlexibleSavingsMutation = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockFlexibleSavings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userProfileKeys.profile(userId) }),
  });
};
