import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removedAdmin } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminTeamKeys } from '../query-keys';

export const removeAdmin = (id: string) => apiRequest(`admin/users/admin/${id}`, removedAdmin, { method: 'DELETE' });

export const useRemoveAdminMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.admins }),
  });
};
