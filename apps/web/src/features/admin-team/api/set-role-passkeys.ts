import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rolePasskeyResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminTeamKeys } from '../query-keys';

export const setRolePasskeys = ({ id, requirePasskey }: { id: string; requirePasskey: boolean }) =>
  apiRequest(`admin/roles/${id}/passkeys`, rolePasskeyResult, { method: 'PUT', body: { requirePasskey } });

export const useSetRolePasskeysMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRolePasskeys,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTeamKeys.roles }),
  });
};
