import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletBalances } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { queuesKeys } from '../query-keys';

export const getWalletBalances = async (address: string | undefined, signal?: AbortSignal) =>
  (await apiRequest('advanced/wallet-balances', walletBalances, { query: { address }, signal })).data;
export const walletBalancesQueryOptions = (address: string | undefined) =>
  queryOptions({
    queryKey: queuesKeys.walletBalances(address),
    queryFn: ({ signal }) => getWalletBalances(address, signal),
    retry: false,
  });
export const useWalletBalances = (address: string | undefined) => useQuery(walletBalancesQueryOptions(address));
