import { useMutation, useQueryClient } from '@tanstack/react-query';
import { remittanceResult, type TriggerRemittanceBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const triggerRemittance = (body: TriggerRemittanceBody) =>
  apiRequest('advanced/trigger-remittance', remittanceResult, { method: 'POST', body });

/** One call per currency (1 BUSD, 2 VLT); the profile's balances refresh after each. */
export const useTriggerRemittanceMutation = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currency: TriggerRemittanceBody['currency']) => triggerRemittance({ userId, currency }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userProfileKeys.profile(userId) }),
  });
};
