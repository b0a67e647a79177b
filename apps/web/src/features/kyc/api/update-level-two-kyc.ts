import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycDecisionResult, type UpdateLevelTwoKycBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { kycKeys } from '../query-keys';

export const updateLevelTwoKyc = (body: UpdateLevelTwoKycBody) =>
  apiRequest('admin/kyc/update-levelTwo-kyc', kycDecisionResult, { method: 'POST', body });

/** A decision (or a refusal: someone else decided first) refreshes every KYC view. */
export const useUpdateLevelTwoKycMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLevelTwoKyc,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.all }),
  });
};
