import { useMutation, useQueryClient } from '@tanstack/react-query';
import { botConfig } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { botsKeys } from '../query-keys';

export const updateConfig = ({ id, value }: { id: number; value: string }) =>
  apiRequest(`configs/${id}`, botConfig, { method: 'PATCH', body: { value } });

export const useUpdateConfigMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConfig,
    onSettled: () => queryClient.invalidateQueries({ queryKey: botsKeys.all }),
  });
};
