import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { exportsPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { exportsKeys } from '../../../api/query-keys';

export type ExportsParams = { scope: 'mine' | 'all'; page: number };

export const getExports = async (query: ExportsParams, signal?: AbortSignal) =>
  (await apiRequest('admin/exports', exportsPage, { query, signal })).data;

export const exportsQueryOptions = (query: ExportsParams) =>
  queryOptions({
    queryKey: exportsKeys.list(query),
    queryFn: ({ signal }) => getExports(query, signal),
    placeholderData: keepPreviousData,
    // Unfinished exports move on their own: look again while any is waiting or running.
    refetchInterval: (q) =>
      q.state.data?.records.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false,
  });

export const useExports = (query: ExportsParams) => useQuery(exportsQueryOptions(query));
