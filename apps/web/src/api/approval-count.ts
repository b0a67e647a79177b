import { queryOptions, useQuery } from '@tanstack/react-query';
import { approvalCount } from '@vaultdesk/contract';
import { apiRequest } from './client';
import { approvalsKeys } from './query-keys';

export const approvalCountQueryOptions = () =>
  queryOptions({
    queryKey: approvalsKeys.count(),
    queryFn: async ({ signal }) => (await apiRequest('admin/approval-requests/count', approvalCount, { signal })).data,
    staleTime: 15_000,
    refetchInterval: 30_000,
  });

/** How many pending requests await the viewer (they may approve them), and how many of their own wait. */
export const useApprovalCount = () => useQuery(approvalCountQueryOptions());
