import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { filterReferalUsers } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';

export type ReferralRange = { username: string; start: string; end: string };

export const getReferredUsers = async (range: ReferralRange, page: number, signal?: AbortSignal) =>
  (await apiRequest('admin/filter-referal-users', filterReferalUsers, { query: { ...range, page }, signal })).data;

export const referredUsersQueryOptions = (userId: string, range: ReferralRange, page: number) =>
  queryOptions({
    queryKey: userProfileKeys.referrals(userId, range, page),
    queryFn: ({ signal }) => getReferredUsers(range, page, signal),
    placeholderData: keepPreviousData,
  });

export const useReferredUsers = (userId: string, range: ReferralRange | null, page: number) =>
  useQuery({
    ...referredUsersQueryOptions(userId, range ?? { username: '', start: '', end: '' }, page),
    enabled: !!range,
  });
