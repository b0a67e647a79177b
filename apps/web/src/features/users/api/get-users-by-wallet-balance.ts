import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { balanceSearchPage, type BalanceSearchQuery } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { usersKeys } from '../query-keys';

export const getUsersByWalletBalance = async (query: BalanceSearchQuery, signal?: AbortSignal) =>
  (await apiRequest('admin/users-by-wallet-balance', balanceSearchPage, { query, signal })).data;

export const usersByWalletBalanceQueryOptions = (query: BalanceSearchQuery) =>
  queryOptions({
    queryKey: usersKeys.byWalletBalance(query),
    queryFn: ({ signal }) => getUsersByWalletBalance(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsersByWalletBalance = (query: BalanceSearchQuery) => useQuery(usersByWalletBalanceQueryOptions(query));
