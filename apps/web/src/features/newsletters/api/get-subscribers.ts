import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriberCounts } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const getSubscribers = async (signal?: AbortSignal) =>
  (await apiRequest('subscribers', subscriberCounts, { signal })).data;

export const subscribersQueryOptions = () =>
  queryOptions({ queryKey: ['newsletters', 'subscribers'], queryFn: ({ signal }) => getSubscribers(signal) });

export const useSubscribers = () => useQuery(subscribersQueryOptions());
