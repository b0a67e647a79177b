import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceClientRecord, type UpdateServiceClientBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { integrationsKeys } from '../query-keys';

export const updateServiceClient = ({ id, body }: { id: string; body: UpdateServiceClientBody }) =>
  apiRequest(`advanced/integrations/${id}`, serviceClientRecord, { method: 'PATCH', body });

export const useUpdateServiceClientMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceClient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.all }),
  });
};
