import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSetupResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminTeamKeys } from '../query-keys';

export const createAdmin = (body: { fullName: string; email: string; roleId: string }) =>
  apiRequest('admin/setup', adminSetupResult, { method: 'POST', body: body });

export const useCreateAdminMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.admins }),
  });
};
