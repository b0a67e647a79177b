import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { approvalPage, type ApprovalStatus } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { approvalsKeys } from '../../../api/query-keys';

export const getApprovals = async (status: ApprovalStatus, page: number, signal?: AbortSignal) =>
  (await apiRequest('admin/approval-requests', approvalPage, { query: { status, page }, signal })).data;

export const approvalsQueryOptions = (status: ApprovalStatus, page: number) =>
  queryOptions({
    queryKey: approvalsKeys.list(status, page),
    queryFn: ({ signal }) => getApprovals(status, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export const useApprovals = (status: ApprovalStatus, page: number) => useQuery(approvalsQueryOptions(status, page));
