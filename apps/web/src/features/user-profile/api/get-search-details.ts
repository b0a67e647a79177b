import { queryOptions, useQuery } from '@tanstack/react-query';
import { searchDetails } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const getSearchDetails = async (id: string, signal?: AbortSignal) =>
  (await apiRequest('admin/search-details', searchDetails, { query: { id }, signal })).data;

export const searchDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: userProfileKeys.details(id), queryFn: ({ signal }) => getSearchDetails(id, signal) });

export const useSearchDetails = (id: string) => useQuery(searchDetailsQueryOptions(id));
