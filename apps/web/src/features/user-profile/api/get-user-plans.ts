import { queryOptions, useQuery } from '@tanstack/react-query';
import { userPlans } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export const getUserPlans = async (userId: string, signal?: AbortSignal) =>
  (await apiRequest('admin/user-plans', userPlans, { query: { userId }, signal })).data;

export const userPlansQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userProfileKeys.plans(userId), queryFn: ({ signal }) => getUserPlans(userId, signal) });

export const useUserPlans = (userId: string) => useQuery(userPlansQueryOptions(userId));
