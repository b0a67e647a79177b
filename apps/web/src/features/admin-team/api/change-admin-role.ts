import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changedAdminRole } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminTeamKeys } from '../query-keys';

export const changeAdminRole = ({ id, roleId }: { id: string; roleId: string }) =>
  apiRequest(`admin/users/admin/${id}/role`, changedAdminRole, { method: 'PATCH', body: { roleId } });

export const useChangeAdminRoleMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdminRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.admins }),
  });
};
