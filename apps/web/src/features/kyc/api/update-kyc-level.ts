import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycLevel, type UpdateKycLevelBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { kycKeys } from '../query-keys';

export const updateKycLevel = (body: UpdateKycLevelBody & { id: string }) =>
  apiRequest('admin/kycLevel/update-kycLevel', kycLevel, { method: 'PUT', query: { id: body.id }, body });

export const useUpdateKycLevelMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKycLevel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycKeys.levels }),
  });
};
