import { queryOptions, useQuery } from '@tanstack/react-query';
import { bridgeSellRequest } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { liquidityProvidersKeys } from '../query-keys';

export const getBridgeRequest = (orderReference: string, signal?: AbortSignal) =>
  apiRequest('advanced/vlt-bridge', bridgeSellRequest.nullable(), { query: { orderReference }, signal });
export const bridgeRequestQueryOptions = (orderReference: string) =>
  queryOptions({
    queryKey: liquidityProvidersKeys.bridgeRequest(orderReference),
    queryFn: ({ signal }) => getBridgeRequest(orderReference, signal),
    enabled: orderReference !== '',
  });
export const useBridgeRequest = (orderReference: string) => useQuery(bridgeRequestQueryOptions(orderReference));
