import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralUserTypes } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { referralsKeys } from '../query-keys';

export const getReferralUserTypes = async (signal?: AbortSignal) =>
  (await apiRequest('admin/referral-user-types', referralUserTypes, { signal })).data;

export const referralUserTypesQueryOptions = () =>
  queryOptions({
    queryKey: referralsKeys.userTypes,
    queryFn: ({ signal }) => getReferralUserTypes(signal),
    staleTime: 5 * 60_000,
  });

export const useReferralUserTypes = () => useQuery(referralUserTypesQueryOptions());
