import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycLevel, type CreateKycLevelBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { kycKeys } from '../query-keys';

export const createKycLevel = (body: CreateKycLevelBody) =>
  apiRequest('admin/kycLevel/create-KycLevel', kycLevel, { method: 'POST', body });

export const useCreateKycLevelMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createKycLevel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.levels }),
  });
};
