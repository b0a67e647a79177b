import { useMutation, useQueryClient } from '@tanstack/react-query';
import { greeting, type GreetingBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { greetingsKeys } from '../query-keys';

export const updateGreeting = ({ id, ...body }: GreetingBody & { id: string }) =>
  apiRequest('admin/update-alert', greeting, { method: 'PATCH', body: body, query: { id } });

export const useUpdateGreetingMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGreeting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: greetingsKeys.all }),
  });
};
