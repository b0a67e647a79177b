import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { passwordUpdateBody } from '@vaultdesk/contract';
import { anyPayload, apiRequest } from '../../../api/client';
import { meQueryOptions } from '../../../api/me';

export type UpdatePasswordBody = ReturnType<typeof passwordUpdateBody.parse>;

export const updatePassword = (body: UpdatePasswordBody) =>
  apiRequest('admin/password/update', anyPayload, { method: 'PUT', body });

export const useUpdatePasswordMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    // A forced change lifts the redirect to this page once the server has recorded it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey }),
  });
};
