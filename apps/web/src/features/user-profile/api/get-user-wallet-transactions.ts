import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PROFILE_WALLET_TX_PAGE_SIZE, userWalletTransactions } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const getUserWalletTransactions = async (id: string, page: number, signal?: AbortSignal) =>
  (
    await apiRequest('admin/user-wallet-transactions', userWalletTransactions, {
      query: { id, page, pageSize: PROFILE_WALLET_TX_PAGE_SIZE },
      signal,
    })
  ).data;

export const userWalletTransactionsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: userProfileKeys.walletTransactions(id, page),
    queryFn: ({ signal }) => getUserWalletTransactions(id, page, signal),
    placeholderData: keepPreviousData,
  });

export const useUserWalletTransactions = (id: string, page: number) =>
  useQuery(userWalletTransactionsQueryOptions(id, page));
