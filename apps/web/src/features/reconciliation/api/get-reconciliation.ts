import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reconciliationRows,
  reconciliationRun,
  reconciliationState,
  RECONCILIATION_PAGE_SIZE,
  type ReconciliationKind,
  type ReconciliationState,
} from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { reconciliationKeys } from '../query-keys';

/** The page's state: the latest finished run (figures and first pages) and the run under way; read at once, never computed here. */
export const getReconciliation = async (signal?: AbortSignal) =>
  (
    await apiRequest('admin/reconciliation', reconciliationState, {
      query: { pageSize: RECONCILIATION_PAGE_SIZE },
      signal,
    })
  ).data;

/** Polled every 2 s while a run is queued or running, so its progress shows and its result replaces the last one. */
export const useReconciliation = () =>
  useQuery({
    queryKey: reconciliationKeys.state,
    queryFn: ({ signal }) => getReconciliation(signal),
    refetchInterval: (q) => (q.state.data?.current ? 2000 : false),
    refetchOnWindowFocus: false,
  });

/** Run now: queues a run for the worker (409 when one is already queued or running). */
export const useRunReconciliation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('admin/reconciliation/runs', reconciliationRun, { method: 'POST' }),
    // The queued run is the current one at once: Run now stays disabled and the polling starts
    // without waiting for the refetch.
    onSuccess: (res) =>
      queryClient.setQueryData<ReconciliationState>(reconciliationKeys.state, (s) => s && { ...s, current: res.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.state, exact: true }),
  });
};

/** `run`: the run on screen; its pages are read from what it stored. */
export const getReconciliationRows = async (
  kind: ReconciliationKind,
  page: number,
  run: string,
  signal?: AbortSignal,
) =>
  (
    await apiRequest('admin/reconciliation/rows', reconciliationRows, {
      query: { kind, page, pageSize: RECONCILIATION_PAGE_SIZE, run },
      signal,
    })
  ).data;

/** A row list beyond its first page (the first comes with the page's state). A stored run does not change: kept as long as it is on screen. */
export const useReconciliationRows = (kind: ReconciliationKind, page: number, runId: string | undefined) =>
  useQuery({
    queryKey: reconciliationKeys.rows(kind, page, runId),
    queryFn: ({ signal }) => getReconciliationRows(kind, page, runId!, signal),
    enabled: page > 1 && !!runId,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
