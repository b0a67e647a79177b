import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recordSwitched } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const switchSavingsRecord = (recordId: string) =>
  apiRequest('admin/switch-savings-record', recordSwitched, { method: 'PUT', body: { recordId } });

export const useSwitchSavingsRecord = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchSavingsRecord,
    // Not awaited: the action is done when the server answers; the view catches up behind the toast.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: userProfileKeys.profile(userId) });
    },
  });
};
