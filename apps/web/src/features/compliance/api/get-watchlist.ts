import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { watchlist } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { complianceKeys } from '../query-keys';

export const getWatchlist = async (page: number, signal?: AbortSignal) =>
  (await apiRequest('security/retrieve-watchlist', watchlist, { query: { page }, signal })).data;

export const useWatchlist = (page: number) =>
  useQuery({
    queryKey: complianceKeys.watchlist(page),
    queryFn: ({ signal }) => getWatchlist(page, signal),
    placeholderData: keepPreviousData,
  });
