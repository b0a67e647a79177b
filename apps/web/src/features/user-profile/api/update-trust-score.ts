import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerProfile } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const updateTrustScore = (userId: string, trustScore: number) =>
  apiRequest('admin/update-user-trustscore', customerProfile, { method: 'POST', body: { userId, trustScore } });

export const useUpdateTrustScore = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trustScore: number) => updateTrustScore(userId, trustScore),
    // Not awaited: the action is done when the server answers; the view catches up behind the toast.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userProfileKeys.profile(userId) });
    },
  });
};
