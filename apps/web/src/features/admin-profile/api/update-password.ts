import { useMutation, useQueryClient } from '@tanstack/react-query';
import { passwordUpdateResult, type PasswordUpdateBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { meKey } from '../../../api/query-keys';

export const updatePassword = (body: PasswordUpdateBody) =>
  apiRequest('admin/password/update', passwordUpdateResult, { method: 'PUT', body });

export const useUpdatePasswordMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    // A forced change lifts the redirect to this page once the server has recorded it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKey }),
  });
};
