import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newsletter } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const submitNewsletter = (body: { id: string; access_code: string }) =>
  apiRequest('newsletters', newsletter, { method: 'POST', body: body });

export const useSubmitNewsletterMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitNewsletter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: newslettersKeys.all }),
  });
};
