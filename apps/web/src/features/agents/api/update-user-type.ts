import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userType, type UserTypeBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { agentsKeys } from '../query-keys';

export const updateUserType = ({ id, ...body }: UserTypeBody & { id: string }) =>
  apiRequest('admin/user-types/update-user-type', userType, { method: 'PATCH', query: { id }, body });

export const useUpdateUserTypeMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserType,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all }),
  });
};
