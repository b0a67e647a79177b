import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newsletter } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const approveNewsletter = ({ id, sender_pin }: { id: string; sender_pin: string }) =>
  apiRequest(`newsletters/${id}/send`, newsletter, { method: 'POST', body: { sender_pin } });

export const useApproveNewsletterMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveNewsletter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: newslettersKeys.all }),
  });
};
