import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userListPage, type UsersByCountryQuery } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { usersKeys } from '../query-keys';

export const getUsersByCountry = async (query: UsersByCountryQuery, signal?: AbortSignal) =>
  (await apiRequest('admin/users', userListPage, { query, signal })).data;

export const usersByCountryQueryOptions = (query: UsersByCountryQuery) =>
  queryOptions({
    queryKey: usersKeys.byCountry(query),
    queryFn: ({ signal }) => getUsersByCountry(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsersByCountry = (query: UsersByCountryQuery, enabled = true) =>
  useQuery({ ...usersByCountryQueryOptions(query), enabled });
