import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { withdrawOutKeys } from '../query-keys';

export const getWithdrawalRequests = async (page: number, status: number, signal?: AbortSignal) =>
  (await apiRequest('admin/withdrawal-requests', withdrawalPage, { query: { page, status }, signal })).data;
export const withdrawalRequestsQueryOptions = (page: number, status: number) =>
  queryOptions({
    queryKey: withdrawOutKeys.list(status, page),
    queryFn: ({ signal }) => getWithdrawalRequests(page, status, signal),
    placeholderData: keepPreviousData,
  });
export const useWithdrawalRequests = (page: number, status: number) =>
  useQuery(withdrawalRequestsQueryOptions(page, status));
