import { queryOptions, useQuery } from '@tanstack/react-query';
import { providersPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { liquidityProvidersKeys } from '../query-keys';

export const getLiquidityProviders = async (page: number, signal?: AbortSignal) =>
  (await apiRequest('advanced/liquidity-providers', providersPage, { query: { page, pageSize: 30 }, signal })).data;
export const liquidityProvidersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: liquidityProvidersKeys.page(page),
    queryFn: ({ signal }) => getLiquidityProviders(page, signal),
  });
export const useLiquidityProviders = (page: number) => useQuery(liquidityProvidersQueryOptions(page));
