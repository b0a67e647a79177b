import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleChanged } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const changeRole = (userId: string, roleId: string) =>
  apiRequest('admin/roles/change-role', roleChanged, { method: 'POST', body: { roleId, userId } });

export const useChangeRole = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: string) => changeRole(userId, roleId),
    // Not awaited: the action is done when the server answers; the view catches up behind the toast.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userProfileKeys.profile(userId) });
    },
  });
};
