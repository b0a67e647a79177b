import { queryOptions, useQuery } from '@tanstack/react-query';
import { custodialAddresses } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { dashboardKeys } from '../query-keys';

export const getCustodialAddresses = async (signal?: AbortSignal) =>
  (await apiRequest('custodialWallet/get-addresses', custodialAddresses, { signal })).data;

export const custodialAddressesQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.custodialAddresses, queryFn: ({ signal }) => getCustodialAddresses(signal) });

/** Only Super Admin and Compliance may read it: other roles never send the call. */
export const useCustodialAddresses = (enabled: boolean) => useQuery({ ...custodialAddressesQueryOptions(), enabled });
