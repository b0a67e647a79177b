import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceClientSecret, type CreateServiceClientBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { integrationsKeys } from '../query-keys';

export const createServiceClient = (body: CreateServiceClientBody) =>
  apiRequest('advanced/integrations', serviceClientSecret, { method: 'POST', body });

export const useCreateServiceClientMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceClient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.all }),
  });
};
