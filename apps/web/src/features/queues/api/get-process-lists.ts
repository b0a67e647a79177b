import { queryOptions, useQuery } from '@tanstack/react-query';
import { processLists, type QueueKind } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { queuesKeys } from '../query-keys';

export const getProcessLists = async (type: QueueKind, signal?: AbortSignal) =>
  (await apiRequest('advanced/process-lists', processLists, { query: { type }, signal })).data;

export const processListsQueryOptions = (type: QueueKind) =>
  queryOptions({ queryKey: queuesKeys.processLists(type), queryFn: ({ signal }) => getProcessLists(type, signal) });

export const useProcessLists = (type: QueueKind) => useQuery(processListsQueryOptions(type));
