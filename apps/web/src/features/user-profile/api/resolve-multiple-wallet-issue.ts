import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resolveWalletResult, type ResolveWalletBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const resolveMultipleWalletIssue = (body: ResolveWalletBody) =>
  apiRequest('resolve-multiple-wallet-issue', resolveWalletResult, { method: 'POST', body });

/** Folds a duplicate wallet into the customer's primary one; the whole profile refreshes afterwards. */
export const useResolveMultipleWalletIssueMutation = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveMultipleWalletIssue,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userProfileKeys.profile(userId) }),
  });
};
