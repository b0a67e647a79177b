import { queryOptions, useQuery } from '@tanstack/react-query';
import { botRuns } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const getBotRuns = async (signal?: AbortSignal) =>
  (await apiRequest('configs/runs', botRuns, { signal })).data;

export const botRunsQueryOptions = () =>
  queryOptions({ queryKey: ['bots', 'runs'], queryFn: ({ signal }) => getBotRuns(signal), refetchInterval: 10_000 });

export const useBotRuns = () => useQuery(botRunsQueryOptions());
