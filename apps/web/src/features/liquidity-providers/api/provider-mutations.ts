import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../../api/client';
import { liquidityProvidersKeys } from '../query-keys';

const useProviderMutation = <V>(fn: (v: V) => Promise<{ message: string }>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: liquidityProvidersKeys.all }),
  });
};
export const useAddProvider = () =>
  useProviderMutation((v: { name: string; walletAddress: string }) =>
    apiRequest('advanced/liquidity-providers', anyPayload, { method: 'POST', body: v }),
  );
export const useSetProviderActive = () =>
  useProviderMutation((v: { providerId: string; isActive: boolean }) =>
    apiRequest('advanced/liquidity-providers', anyPayload, { method: 'PUT', body: v }),
  );
