import { queryOptions, useQuery } from '@tanstack/react-query';
import { processSettingsList } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { settingsKeys } from '../query-keys';

export const getProcessSettings = async (signal?: AbortSignal) =>
  (await apiRequest('admin/all-Process-settings', processSettingsList, { signal })).data;

export const processSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.current, queryFn: ({ signal }) => getProcessSettings(signal) });

export const useProcessSettings = () => useQuery(processSettingsQueryOptions());
