import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceClientSecret } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { integrationsKeys } from '../query-keys';

export const rotateServiceClient = ({ id, graceHours }: { id: string; graceHours: number }) =>
  apiRequest(`advanced/integrations/${id}/rotate`, serviceClientSecret, { method: 'POST', body: { graceHours } });

export const useRotateServiceClientMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateServiceClient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.all }),
  });
};
