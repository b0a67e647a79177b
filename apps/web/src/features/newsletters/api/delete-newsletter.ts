import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const deleteNewsletter = ({ id, access_code }: { id: string; access_code: string }) =>
  apiRequest(`newsletters/${id}`, anyPayload, { method: 'DELETE', query: { access_code } });

export const useDeleteNewsletterMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNewsletter,
    onSettled: () => queryClient.invalidateQueries({ queryKey: newslettersKeys.all }),
  });
};
