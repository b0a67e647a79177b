import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newsletterConfig, type NewsletterConfigBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const updateNewsletterConfig = (body: NewsletterConfigBody) =>
  apiRequest('newsletters/config', newsletterConfig, { method: 'PUT', body: body });

export const useUpdateNewsletterConfigMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNewsletterConfig,
    onSettled: () => queryClient.invalidateQueries({ queryKey: newslettersKeys.config }),
  });
};
