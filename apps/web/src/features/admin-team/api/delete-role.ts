import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedRole } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminTeamKeys } from '../query-keys';

export const deleteRole = (id: string) => apiRequest(`admin/roles/${id}`, deletedRole, { method: 'DELETE' });

export const useDeleteRoleMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.roles }),
  });
};
