import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../../api/client';

const useProviderMutation = <V,>(fn: (v: V) => Promise<{ message: string }>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: ['liquidity-providers'] }) });
};
export const useAddProvider = () =>
  useProviderMutation((v: { name: string; walletAddress: string }) => apiRequest('advanced/liquidity-providers', anyPayload, { method: 'POST', body: v }));
export const useSetProviderActive = () =>
  useProviderMutation((v: { providerId: string; isActive: boolean }) => apiRequest('advanced/liquidity-providers', anyPayload, { method: 'PUT', body: v }));
