import { queryOptions, useQuery } from '@tanstack/react-query';
import { me } from '@vaultdesk/contract';
import { apiRequest } from './client';
import { meKey } from './query-keys';

// Shared rather than in a feature: the layout, the guards and later screens all read the auth state.
export const fetchMe = async (signal?: AbortSignal) => (await apiRequest('admin/me', me, { signal })).data;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 60_000,
  });

export const useMe = () => useQuery(meQueryOptions());
