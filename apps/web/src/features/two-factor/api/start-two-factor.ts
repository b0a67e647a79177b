import { queryOptions, useQuery } from '@tanstack/react-query';
import { twoFactorStart } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { twoFactorKeys } from '../query-keys';

export const startTwoFactor = async () =>
  (await apiRequest('auth/2fa/start/enable', twoFactorStart, { method: 'POST' })).data;

// A POST read as a query so that one visit asks for one secret, even when React mounts twice
// (a zero gcTime would drop it between the two mounts). Sign-out clears the cache.
export const startTwoFactorQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKeys.start,
    queryFn: startTwoFactor,
    staleTime: Infinity,
    retry: false,
  });

export const useStartTwoFactor = () => useQuery(startTwoFactorQueryOptions());
