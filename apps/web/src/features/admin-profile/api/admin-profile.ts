import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminProfile, signOutOthersResult, type UpdateAdminProfileBody } from '@vaultdesk/contract';
import { anyPayload, apiRequest } from '../../../api/client';
import { adminProfileKeys } from '../query-keys';
import { meKey } from '../../../api/query-keys';

export const useAdminProfile = () =>
  useQuery({
    queryKey: adminProfileKeys.profile,
    queryFn: async ({ signal }) => (await apiRequest('admin/profile', adminProfile, { signal })).data,
  });

export const useUpdateProfileMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAdminProfileBody) => apiRequest('admin/profile', anyPayload, { method: 'PUT', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminProfileKeys.profile });
      await queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
};

export const useSignOutOthersMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('admin/sessions/sign-out-others', signOutOthersResult, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProfileKeys.profile }),
  });
};
