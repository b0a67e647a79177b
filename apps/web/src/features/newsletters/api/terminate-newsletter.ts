import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newsletter } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const terminateNewsletter = ({ id, access_code }: { id: string; access_code: string }) =>
  apiRequest(`newsletters/terminate/${id}`, newsletter, { method: 'POST', body: { access_code } });

export const useTerminateNewsletterMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: terminateNewsletter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: newslettersKeys.all }),
  });
};
