import { queryOptions, useQuery } from '@tanstack/react-query';
import { queueStatusCounts } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { queuesKeys } from '../query-keys';

export const getQueueStatus = async (queue: 'deposit' | 'withdraw' | 'withdrawout', signal?: AbortSignal) =>
  (await apiRequest('advanced/queue-status', queueStatusCounts, { query: { queue }, signal })).data;
export const queueStatusQueryOptions = (queue: 'deposit' | 'withdraw' | 'withdrawout') =>
  queryOptions({
    queryKey: queuesKeys.status(queue === 'withdrawout' ? 'withdrawout' : queue),
    queryFn: ({ signal }) => getQueueStatus(queue, signal),
  });
export const useQueueStatus = (queue: 'deposit' | 'withdraw' | 'withdrawout') =>
  useQuery(queueStatusQueryOptions(queue));
