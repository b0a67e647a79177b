import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../../api/client';
import { agentsKeys } from '../query-keys';

export const deleteUserType = (id: string) =>
  apiRequest('admin/user-types/delete-user-type', anyPayload, { method: 'DELETE', query: { id } });

export const useDeleteUserTypeMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserType,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all }),
  });
};
