import { queryOptions, useQuery } from '@tanstack/react-query';
import { chainConfig } from '@vaultdesk/contract';
import { apiRequest } from './client';
import { chainConfigKey } from './query-keys';

export const getChainConfig = async (signal?: AbortSignal) =>
  (await apiRequest('advanced/chain-config', chainConfig, { signal })).data;
export const chainConfigQueryOptions = () =>
  queryOptions({ queryKey: chainConfigKey, queryFn: ({ signal }) => getChainConfig(signal), staleTime: Infinity });
export const useChainConfig = () => useQuery(chainConfigQueryOptions());
