import { queryOptions, useQuery } from '@tanstack/react-query';
import { userUsertypes } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const getUserUsertypes = async (userId: string, signal?: AbortSignal) =>
  (await apiRequest('admin/get-user-usertypes', userUsertypes, { query: { userId }, signal })).data;

export const userUsertypesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userProfileKeys.usertypes(userId),
    queryFn: ({ signal }) => getUserUsertypes(userId, signal),
  });

export const useUserUsertypes = (userId: string) => useQuery(userUsertypesQueryOptions(userId));
