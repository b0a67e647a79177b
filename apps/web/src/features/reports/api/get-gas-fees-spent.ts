import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { gasReportPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import type { DateRangePageParams } from './get-fees-collected';
import { reportsKeys } from '../query-keys';

export const getGasFeesSpent = async (query: DateRangePageParams, signal?: AbortSignal) =>
  (await apiRequest('admin/gas-fees-spent', gasReportPage, { query, signal })).data;

export const gasFeesSpentQueryOptions = (query: DateRangePageParams) =>
  queryOptions({
    queryKey: reportsKeys.gasFeesSpent(query),
    queryFn: ({ signal }) => getGasFeesSpent(query, signal),
    placeholderData: keepPreviousData,
  });

export const useGasFeesSpent = (query: DateRangePageParams) => useQuery(gasFeesSpentQueryOptions(query));
