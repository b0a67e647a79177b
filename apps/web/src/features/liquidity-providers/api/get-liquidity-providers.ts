import { queryOptions, useQuery } from '@tanstack/react-query';
import { providersPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const getLiquidityProviders = async (page: number, signal?: AbortSignal) =>
  (await apiRequest('advanced/liquidity-providers', providersPage, { query: { page, pageSize: 30 }, signal })).data;
export const liquidityProvidersQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['liquidity-providers', page], queryFn: ({ signal }) => getLiquidityProviders(page, signal) });
export const useLiquidityProviders = (page: number) => useQuery(liquidityProvidersQueryOptions(page));
