import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { feeReportPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { reportsKeys } from '../query-keys';

export type DateRangePageParams = { start: string; end: string; page: number };

export const getFeesCollected = async (query: DateRangePageParams, signal?: AbortSignal) =>
  (await apiRequest('admin/fees-collectedby-vlt', feeReportPage, { query, signal })).data;

export const feesCollectedQueryOptions = (query: DateRangePageParams) =>
  queryOptions({
    queryKey: reportsKeys.feesCollected(query),
    queryFn: ({ signal }) => getFeesCollected(query, signal),
    placeholderData: keepPreviousData,
  });

export const useFeesCollected = (query: DateRangePageParams) => useQuery(feesCollectedQueryOptions(query));
