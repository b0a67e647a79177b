import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serviceClientSecret } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { integrationsKeys } from '../query-keys';

export const revealServiceClientSecret = (id: string) =>
  apiRequest(`advanced/integrations/${id}/reveal-secret`, serviceClientSecret, { method: 'POST' });

export const useRevealServiceClientSecretMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revealServiceClientSecret,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationsKeys.all }),
  });
};
