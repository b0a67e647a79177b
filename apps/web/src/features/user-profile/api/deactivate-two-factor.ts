import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorRemoved } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const deactivateTwoFactor = (userId: string) =>
  apiRequest('admin/deactivate-user-two-factor', twoFactorRemoved, { method: 'PUT', body: { userId } });

export const useDeactivateTwoFactor = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deactivateTwoFactor(userId),
    // Not awaited: the action is done when the server answers; the view catches up behind the toast.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userProfileKeys.profile(userId) });
    },
  });
};
