import { useMutation, useQueryClient } from '@tanstack/react-query';
import { greeting, type GreetingBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { greetingsKeys } from '../query-keys';

export const createGreeting = (body: GreetingBody) =>
  apiRequest('admin/create-alert', greeting, { method: 'POST', body: body });

export const useCreateGreetingMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGreeting,
    onSettled: () => queryClient.invalidateQueries({ queryKey: greetingsKeys.all }),
  });
};
