import { queryOptions, useQuery } from '@tanstack/react-query';
import { sharePrices, type SHARE_PRICE_PROTOCOLS } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { dashboardKeys } from '../query-keys';

export type Protocol = (typeof SHARE_PRICE_PROTOCOLS)[number];

export const getSharePrices = async (protocol: Protocol, signal?: AbortSignal) =>
  (await apiRequest('dashboard/share-prices', sharePrices, { query: { protocol }, signal })).data;

export const sharePricesQueryOptions = (protocol: Protocol) =>
  queryOptions({
    queryKey: dashboardKeys.sharePrices(protocol),
    queryFn: ({ signal }) => getSharePrices(protocol, signal),
  });

/** Only Super Admin and Compliance may read it: other roles never send the call. */
export const useSharePrices = (protocol: Protocol, enabled: boolean) =>
  useQuery({ ...sharePricesQueryOptions(protocol), enabled });
