import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../../api/client';

export type Decision = 'approve' | 'reject' | 'cancel';

export const decideApproval = (id: string, decision: Decision, comment?: string) =>
  apiRequest(`admin/approval-requests/${id}/${decision}`, anyPayload, {
    method: 'POST',
    body: decision === 'reject' ? { comment } : {},
  });

/** Approve, reject or cancel; every list and count refreshes after, whatever the answer. */
export const useDecideApprovalMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, comment }: { id: string; decision: Decision; comment?: string }) =>
      decideApproval(id, decision, comment),
    // Whatever was carried out may show elsewhere (a profile's balances, a queue): refresh it all.
    onSettled: () => queryClient.invalidateQueries(),
  });
};
