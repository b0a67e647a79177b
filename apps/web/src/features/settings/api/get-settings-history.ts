import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsHistoryPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { settingsKeys } from '../query-keys';

export const getSettingsHistory = async (page: number, signal?: AbortSignal) =>
  (await apiRequest('admin/process-settings-history', settingsHistoryPage, { signal, query: { page } })).data;

export const settingsHistoryQueryOptions = (page: number) =>
  queryOptions({ queryKey: settingsKeys.history(page), queryFn: ({ signal }) => getSettingsHistory(page, signal) });

export const useSettingsHistory = (page: number) => useQuery(settingsHistoryQueryOptions(page));
