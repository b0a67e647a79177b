import { queryOptions, useQuery } from '@tanstack/react-query';
import { planBatches, type PlanType } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { savingsPlansKeys } from '../query-keys';

export const getPlanBatches = async (planId: string, planType: PlanType, signal?: AbortSignal) =>
  (await apiRequest('advanced/batches-plan-was-involved', planBatches, { query: { planId, planType }, signal })).data;

export const planBatchesQueryOptions = (planId: string, planType: PlanType) =>
  queryOptions({
    queryKey: savingsPlansKeys.batches(planId, planType),
    queryFn: ({ signal }) => getPlanBatches(planId, planType, signal),
  });

export const usePlanBatches = (planId: string, planType: PlanType) =>
  useQuery(planBatchesQueryOptions(planId, planType));
