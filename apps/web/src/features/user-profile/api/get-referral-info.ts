import { queryOptions, useQuery } from '@tanstack/react-query';
import { userReferralInfo } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { userProfileKeys } from '../query-keys';
import type { ReferralRange } from './get-referred-users';

export const getReferralInfo = async (range: ReferralRange, signal?: AbortSignal) =>
  (await apiRequest('admin/user-referral-info', userReferralInfo, { query: range, signal })).data;

export const referralInfoQueryOptions = (userId: string, range: ReferralRange) =>
  queryOptions({
    queryKey: userProfileKeys.referralInfo(userId, range),
    queryFn: ({ signal }) => getReferralInfo(range, signal),
  });

export const useReferralInfo = (userId: string, range: ReferralRange | null) =>
  useQuery({ ...referralInfoQueryOptions(userId, range ?? { username: '', start: '', end: '' }), enabled: !!range });
