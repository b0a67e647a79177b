import { useMutation, useQueryClient } from '@tanstack/react-query';
import { processSettings, type ProcessSettingsBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { settingsKeys } from '../query-keys';

export const updateProcessSettings = (body: ProcessSettingsBody) =>
  apiRequest('admin/update-Process-settings', processSettings, { method: 'PUT', body: body });

export const useUpdateProcessSettingsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProcessSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
};
