import { queryOptions, useQuery } from '@tanstack/react-query';
import { botRuns } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { botsKeys } from '../query-keys';

export const getBotRuns = async (signal?: AbortSignal) => (await apiRequest('configs/runs', botRuns, { signal })).data;

export const botRunsQueryOptions = () =>
  queryOptions({ queryKey: botsKeys.runs, queryFn: ({ signal }) => getBotRuns(signal), refetchInterval: 10_000 });

export const useBotRuns = () => useQuery(botRunsQueryOptions());
