import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsGroupPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { reportsKeys } from '../query-keys';

export type TransactionsGroupParams = { transactionState?: number; start: string; end: string; page: number };

export const getTransactionsGroup = async (query: TransactionsGroupParams, signal?: AbortSignal) =>
  (await apiRequest('admin/transactions/group', transactionsGroupPage, { query, signal })).data;

export const transactionsGroupQueryOptions = (query: TransactionsGroupParams) =>
  queryOptions({
    queryKey: reportsKeys.transactionsGroup(query),
    queryFn: ({ signal }) => getTransactionsGroup(query, signal),
    placeholderData: keepPreviousData,
  });

export const useTransactionsGroup = (query: TransactionsGroupParams) => useQuery(transactionsGroupQueryOptions(query));
