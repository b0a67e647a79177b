import { queryOptions, useQuery } from '@tanstack/react-query';
import { savingsPlanDetail, type PlanType } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { savingsPlansKeys } from '../query-keys';

export const getSavingsPlan = async (planId: string, planType: PlanType, signal?: AbortSignal) =>
  (await apiRequest('admin/savings-plan-details', savingsPlanDetail, { query: { planId, planType }, signal })).data;

export const savingsPlanQueryOptions = (planId: string, planType: PlanType) =>
  queryOptions({
    queryKey: savingsPlansKeys.detail(planId, planType),
    queryFn: ({ signal }) => getSavingsPlan(planId, planType, signal),
  });

export const useSavingsPlan = (planId: string, planType: PlanType) =>
  useQuery(savingsPlanQueryOptions(planId, planType));
