import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriberCounts } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const getSubscribers = async (signal?: AbortSignal) =>
  (await apiRequest('subscribers', subscriberCounts, { signal })).data;

export const subscribersQueryOptions = () =>
  queryOptions({ queryKey: newslettersKeys.subscribers, queryFn: ({ signal }) => getSubscribers(signal) });

export const useSubscribers = () => useQuery(subscribersQueryOptions());
