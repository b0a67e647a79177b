import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userType, type UserTypeBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { AGENTS_KEY } from './agents-query-keys';

export const addUserType = (body: UserTypeBody) => apiRequest('admin/user-types/add-user-type', userType, { method: 'POST', body });

export const useAddUserTypeMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addUserType, onSettled: () => queryClient.invalidateQueries({ queryKey: [AGENTS_KEY] }) });
};
