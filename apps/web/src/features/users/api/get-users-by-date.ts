import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListPage, type UsersByDateQuery } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { usersKeys } from '../query-keys';

export const getUsersByDate = async (query: UsersByDateQuery, signal?: AbortSignal) =>
  (await apiRequest('admin/search-user-date', userListPage, { query, signal })).data;

export const usersByDateQueryOptions = (query: UsersByDateQuery) =>
  queryOptions({
    queryKey: usersKeys.byDate(query),
    queryFn: ({ signal }) => getUsersByDate(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsersByDate = (query: UsersByDateQuery) => useQuery(usersByDateQueryOptions(query));
