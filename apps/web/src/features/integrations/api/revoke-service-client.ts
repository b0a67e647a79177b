import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceClientRecord } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { integrationsKeys } from '../query-keys';

export const revokeServiceClient = (id: string) =>
  apiRequest(`advanced/integrations/${id}/revoke`, serviceClientRecord, { method: 'POST' });

export const useRevokeServiceClientMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeServiceClient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.all }),
  });
};
