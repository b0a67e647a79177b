import { queryOptions, useQuery } from '@tanstack/react-query';
import { queueStatusCounts } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { withdrawOutKeys } from '../query-keys';

export const getWithdrawOutCounts = async (signal?: AbortSignal) =>
  (await apiRequest('advanced/queue-status', queueStatusCounts, { query: { queue: 'withdrawout' }, signal })).data;
export const withdrawOutCountsQueryOptions = () =>
  queryOptions({ queryKey: withdrawOutKeys.counts, queryFn: ({ signal }) => getWithdrawOutCounts(signal) });
export const useWithdrawOutCounts = () => useQuery(withdrawOutCountsQueryOptions());
