import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycTakeOverResult, type TakeOverKycBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { kycKeys } from '../query-keys';

export const takeOverKyc = (body: TakeOverKycBody) =>
  apiRequest('admin/kyc/take-over-kyc', kycTakeOverResult, { method: 'POST', body });

/** A take-over (or its refusal: someone else took it, or the hold ended) refreshes every KYC view. */
export const useTakeOverKycMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeOverKyc,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.all }),
  });
};
