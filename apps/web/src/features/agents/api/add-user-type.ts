import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userType, type UserTypeBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { agentsKeys } from '../query-keys';

export const addUserType = (body: UserTypeBody) =>
  apiRequest('admin/user-types/add-user-type', userType, { method: 'POST', body });

export const useAddUserTypeMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserType,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all }),
  });
};
