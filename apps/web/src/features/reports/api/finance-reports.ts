import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { featureReport, financials, growthReport, payoutsPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import type { DateRangePageParams } from './get-fees-collected';
import { reportsKeys } from '../query-keys';

export const useFinancials = (query: { start: string; end: string }) =>
  useQuery({
    queryKey: reportsKeys.financials(query),
    queryFn: async ({ signal }) => (await apiRequest('admin/financials', financials, { query, signal })).data,
    placeholderData: keepPreviousData,
  });

export const useGrowthReport = (weeks: number) =>
  useQuery({
    queryKey: reportsKeys.growth(weeks),
    queryFn: async ({ signal }) =>
      (await apiRequest('admin/growth-report', growthReport, { query: { weeks }, signal })).data,
    placeholderData: keepPreviousData,
  });

export const useFeatureReport = (weeks: number) =>
  useQuery({
    queryKey: reportsKeys.features(weeks),
    queryFn: async ({ signal }) =>
      (await apiRequest('admin/feature-report', featureReport, { query: { weeks }, signal })).data,
    placeholderData: keepPreviousData,
  });

export const usePayouts = (query: DateRangePageParams) =>
  useQuery({
    queryKey: reportsKeys.payouts(query),
    queryFn: async ({ signal }) => (await apiRequest('admin/referral-payouts', payoutsPage, { query, signal })).data,
    placeholderData: keepPreviousData,
  });
