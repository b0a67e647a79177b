import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordSwitched } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { profileKey } from '../profile-query-keys';

export const switchWalletRecord = (recordId: string) =>
  apiRequest('admin/switch-wallet-record', recordSwitched, { method: 'PUT', body: { recordId } });

export const useSwitchWalletRecord = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchWalletRecord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKey(userId) }),
  });
};
