import { queryOptions, useQuery } from '@tanstack/react-query';
import { botConfigs } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { botsKeys } from '../query-keys';

export const getConfigs = async (signal?: AbortSignal) => (await apiRequest('configs', botConfigs, { signal })).data;

export const configsQueryOptions = () =>
  queryOptions({ queryKey: botsKeys.configs, queryFn: ({ signal }) => getConfigs(signal), retry: false });

export const useConfigs = () => useQuery(configsQueryOptions());
