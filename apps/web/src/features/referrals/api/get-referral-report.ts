import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { referralReportPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { referralsKeys } from '../query-keys';

export type ReferralReportParams = { userType: string; start: string; end: string; page: number };

export const getReferralReport = async (query: ReferralReportParams, signal?: AbortSignal) =>
  (await apiRequest('admin/get-usertype-referals', referralReportPage, { query, signal })).data;

export const referralReportQueryOptions = (query: ReferralReportParams) =>
  queryOptions({
    queryKey: referralsKeys.report(query),
    queryFn: ({ signal }) => getReferralReport(query, signal),
    placeholderData: keepPreviousData,
  });

export const useReferralReport = (query: ReferralReportParams) => useQuery(referralReportQueryOptions(query));
