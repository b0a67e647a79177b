import { queryOptions, useQuery } from '@tanstack/react-query';
import { processLists, type QueueKind } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const getProcessLists = async (type: QueueKind, signal?: AbortSignal) =>
  (await apiRequest('advanced/process-lists', processLists, { query: { type }, signal })).data;

export const processListsQueryOptions = (type: QueueKind) =>
  queryOptions({ queryKey: ['queues', type, 'process-lists'], queryFn: ({ signal }) => getProcessLists(type, signal) });

export const useProcessLists = (type: QueueKind) => useQuery(processListsQueryOptions(type));
