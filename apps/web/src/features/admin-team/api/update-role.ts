import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleRecord, type RoleBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminTeamKeys } from '../query-keys';

export const updateRole = ({ id, ...body }: RoleBody & { id: string }) =>
  apiRequest(`admin/roles/${id}`, roleRecord, { method: 'PATCH', body: body });

export const useUpdateRoleMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.roles }),
  });
};
