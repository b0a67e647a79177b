import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queuePage, type QueueItemStatus, type QueueKind } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { queuesKeys } from '../query-keys';

export const getQueue = async (queue: QueueKind, page: number, status: QueueItemStatus, signal?: AbortSignal) =>
  (await apiRequest(`admin/${queue}-queue`, queuePage, { query: { page, status, pageSize: 30 }, signal })).data;

export const queueQueryOptions = (queue: QueueKind, page: number, status: QueueItemStatus) =>
  queryOptions({
    queryKey: queuesKeys.list(queue, status, page),
    queryFn: ({ signal }) => getQueue(queue, page, status, signal),
    placeholderData: keepPreviousData,
  });

export const useQueue = (queue: QueueKind, page: number, status: QueueItemStatus) =>
  useQuery(queueQueryOptions(queue, page, status));
