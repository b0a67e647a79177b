import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userSavingsTransactions } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const getUserSavingsTransactions = async (id: string, page: number, signal?: AbortSignal) =>
  (await apiRequest('admin/user-savings-transactions', userSavingsTransactions, { query: { id, page }, signal })).data;

export const userSavingsTransactionsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: userProfileKeys.savingsTransactions(id, page),
    queryFn: ({ signal }) => getUserSavingsTransactions(id, page, signal),
    placeholderData: keepPreviousData,
  });

export const useUserSavingsTransactions = (id: string, page: number) =>
  useQuery(userSavingsTransactionsQueryOptions(id, page));
