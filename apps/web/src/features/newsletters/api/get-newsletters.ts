import { queryOptions, useQuery } from '@tanstack/react-query';
import { NEWSLETTER_PAGE_SIZE, newslettersPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const getNewsletters = async (page: number, signal?: AbortSignal) =>
  (await apiRequest('newsletters', newslettersPage, { signal, query: { page, pageSize: NEWSLETTER_PAGE_SIZE } })).data;

export const newslettersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: newslettersKeys.list(page),
    queryFn: ({ signal }) => getNewsletters(page, signal),
    // While a send runs, totalSent and totalFailed move: poll until none is sending.
    refetchInterval: (query) =>
      query.state.data?.records.some((r) => r.isPublished && r.deliveryStatus === 'pending') ? 2_000 : false,
  });

export const useNewsletters = (page: number) => useQuery(newslettersQueryOptions(page));
