import { useMutation, useQueryClient } from '@tanstack/react-query';
import { roleRecord, type RoleBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminTeamKeys } from '../query-keys';

export const createRole = (body: RoleBody) => apiRequest('admin/roles', roleRecord, { method: 'POST', body: body });

export const useCreateRoleMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.roles }),
  });
};
