import { useMutation, useQueryClient } from '@tanstack/react-query';
import { testSendResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const sendTest = ({ id, access_code }: { id: string; access_code: string }) =>
  apiRequest(`newsletters/${id}/test`, testSendResult, { method: 'POST', body: { access_code } });

export const useSendTestMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: newslettersKeys.all }),
  });
};
