import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savingsLockResult, type LockFixedSavingsBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const lockFixedSavings = (body: LockFixedSavingsBody) =>
  apiRequest('admin/lock-fixed-savings', savingsLockResult, { method: 'PUT', body });

/** Locks or unlocks a fixed plan; the whole profile refreshes afterwards. */
export const useLockFixedSavingsMutation = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lockFixedSavings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userProfileKeys.profile(userId) }),
  });
};
