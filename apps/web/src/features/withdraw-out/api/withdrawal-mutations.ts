import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../../api/client';
import { withdrawOutKeys } from '../query-keys';

const useWithdrawOutMutation = <V>(fn: (v: V) => Promise<{ message: string }>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawOutKeys.all }),
  });
};

export const useUpdateWithdrawalStatus = () =>
  useWithdrawOutMutation((v: { requestId: string; status: number }) =>
    apiRequest('admin/withdrawal-request-update', anyPayload, { method: 'PUT', body: v }),
  );

export const useProcessWithdrawal = () =>
  useWithdrawOutMutation((v: { requestId: string; hash: string; inApp: boolean }) =>
    apiRequest(v.inApp ? 'admin/process-inApp-transaction' : 'admin/process-withdraw-request', anyPayload, {
      method: 'POST',
      body: { requestId: v.requestId, hash: v.hash, channel: 'human' },
    }),
  );
