import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reconciliation, reconciliationRows, RECONCILIATION_PAGE_SIZE, type ReconciliationKind } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

const KEY = ['admin', 'reconciliation'] as const;

export const getReconciliation = async (signal?: AbortSignal) =>
  (await apiRequest('admin/reconciliation', reconciliation, { query: { pageSize: RECONCILIATION_PAGE_SIZE }, signal })).data;

/** The report: run on opening the page and on "Run again", never in the background (it reads every balance). */
export const useReconciliation = () =>
  useQuery({ queryKey: KEY, queryFn: ({ signal }) => getReconciliation(signal), staleTime: Infinity, refetchOnWindowFocus: false, retry: false });

/** `run`: the report on screen; the server serves its pages from that run while it keeps it. */
export const getReconciliationRows = async (kind: ReconciliationKind, page: number, run: string, signal?: AbortSignal) =>
  (await apiRequest('admin/reconciliation/rows', reconciliationRows, { query: { kind, page, pageSize: RECONCILIATION_PAGE_SIZE, run }, signal })).data;

/** A row list beyond its first page (the first comes with the report). */
export const useReconciliationRows = (kind: ReconciliationKind, page: number, runAt: string | undefined) =>
  useQuery({
    queryKey: [...KEY, 'rows', kind, page, runAt],
    queryFn: ({ signal }) => getReconciliationRows(kind, page, runAt!, signal),
    enabled: page > 1 && !!runAt,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
