import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resolvePlanResult, type ResolvePlanBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { savingsPlansKeys } from '../query-keys';

export const resolvePlan = (body: ResolvePlanBody) =>
  apiRequest('advanced/resolve-plan', resolvePlanResult, { method: 'POST', body });

/** Refreshes the plan and its batches: a resolve changes both. */
export const useResolvePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolvePlan,
    onSettled: (_data, _error, body) => queryClient.invalidateQueries({ queryKey: savingsPlansKeys.plan(body.planId) }),
  });
};
