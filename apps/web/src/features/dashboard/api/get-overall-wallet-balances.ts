import { queryOptions, useQuery } from '@tanstack/react-query';
import { overallWalletBalances } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { dashboardKeys } from '../query-keys';

export const getOverallWalletBalances = async (signal?: AbortSignal) =>
  (await apiRequest('admin/overall-wallet-balances', overallWalletBalances, { signal })).data;

export const overallWalletBalancesQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.overallWalletBalances,
    queryFn: ({ signal }) => getOverallWalletBalances(signal),
  });

/** Only Super Admin and Compliance may read it: other roles never send the call. */
export const useOverallWalletBalances = (enabled: boolean) =>
  useQuery({ ...overallWalletBalancesQueryOptions(), enabled });
