import { useMutation, useQueryClient } from '@tanstack/react-query';
import { twoFactorRemoved } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { profileKey } from '../profile-query-keys';

export const deactivateTwoFactor = (userId: string) =>
  apiRequest('admin/deactivate-user-two-factor', twoFactorRemoved, { method: 'PUT', body: { userId } });

export const useDeactivateTwoFactor = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deactivateTwoFactor(userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKey(userId) }),
  });
};
