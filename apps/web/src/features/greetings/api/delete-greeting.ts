import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../../api/client';
import { greetingsKeys } from '../query-keys';

export const deleteGreeting = (id: string) =>
  apiRequest('admin/delete-alert', anyPayload, { method: 'DELETE', query: { id } });

export const useDeleteGreetingMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGreeting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: greetingsKeys.all }),
  });
};
