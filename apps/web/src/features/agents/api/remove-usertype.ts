import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentMembership, type UsertypeMembershipBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { agentsKeys } from '../query-keys';

export const removeUsertype = (body: UsertypeMembershipBody) =>
  apiRequest('admin/remove-usertype', agentMembership, { method: 'PUT', body });

export const useRemoveUsertypeMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUsertype,
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentsKeys.all }),
  });
};
