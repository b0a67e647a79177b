import { useMutation, useQueryClient } from '@tanstack/react-query';
import { randomKycResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { kycKeys } from '../query-keys';

/** Takes an unattended case (a claim, so a mutation although the call is a GET); answers its user id. */
export const getRandomKyc = async () => (await apiRequest('admin/kyc/random-kyc-records', randomKycResult)).data;

export const useRandomKycMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getRandomKyc,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.all }),
  });
};
