import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_SEARCH_MIN_LENGTH, userGlobalSearchResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { usersKeys } from '../query-keys';

export const getUserGlobalSearch = async (searchText: string, signal?: AbortSignal) =>
  (await apiRequest('admin/user-global-Search', userGlobalSearchResult, { query: { search_text: searchText }, signal }))
    .data;

export const userGlobalSearchQueryOptions = (searchText: string) =>
  queryOptions({
    queryKey: usersKeys.globalSearch(searchText),
    queryFn: ({ signal }) => getUserGlobalSearch(searchText, signal),
  });

/** Runs only for a text long enough to search (the server refuses shorter ones). */
export const useUserGlobalSearch = (searchText: string) =>
  useQuery({
    ...userGlobalSearchQueryOptions(searchText),
    enabled: searchText.trim().length >= USER_SEARCH_MIN_LENGTH,
  });
