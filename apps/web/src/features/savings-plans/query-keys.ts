import type { PlanType } from '@vaultdesk/contract';

/** Every read of one plan starts with `plan(planId)`, so resolving it refreshes its detail and batches. */
export const savingsPlansKeys = {
  plan: (planId: string) => ['savings-plan', planId] as const,
  detail: (planId: string, planType: PlanType) => ['savings-plan', planId, planType, 'detail'] as const,
  batches: (planId: string, planType: PlanType) => ['savings-plan', planId, planType, 'batches'] as const,
  rewardRecords: (planId: string) => ['reward-records', planId] as const,
};
