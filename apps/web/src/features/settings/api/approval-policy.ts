import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approvalPolicyVersion, type ApprovalPolicyInput } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { settingsKeys } from '../query-keys';

export const approvalPolicyQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.approvalPolicy,
    queryFn: async ({ signal }) => (await apiRequest('admin/approval-policy', approvalPolicyVersion, { signal })).data,
  });

export const useApprovalPolicy = () => useQuery(approvalPolicyQueryOptions());

export const updateApprovalPolicy = (body: ApprovalPolicyInput) =>
  apiRequest('admin/approval-policy', approvalPolicyVersion, { method: 'PUT', body });

export const useUpdateApprovalPolicyMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApprovalPolicy,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
  });
};
