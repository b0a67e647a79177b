import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newsletter } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const setNewsletterStatus = ({
  id,
  ...body
}: {
  id: string;
  access_code: string;
  status: 'paused' | 'pending';
}) => apiRequest(`newsletters/${id}/status`, newsletter, { method: 'PATCH', body: body });

export const useSetNewsletterStatusMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setNewsletterStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: newslettersKeys.all }),
  });
};
