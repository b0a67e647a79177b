import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { transactionsPage, type TransactionType } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { reportsKeys } from '../query-keys';

export type TransactionsParams = {
  type: TransactionType;
  transactionState?: number;
  start: string;
  end: string;
  page: number;
};

export const getTransactions = async (query: TransactionsParams, signal?: AbortSignal) =>
  (await apiRequest('admin/transactions', transactionsPage, { query, signal })).data;

export const transactionsQueryOptions = (query: TransactionsParams) =>
  queryOptions({
    queryKey: reportsKeys.transactions(query),
    queryFn: ({ signal }) => getTransactions(query, signal),
    placeholderData: keepPreviousData,
  });

export const useTransactions = (query: TransactionsParams) => useQuery(transactionsQueryOptions(query));
