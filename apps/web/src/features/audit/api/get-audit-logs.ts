import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditPage } from '@vaultdesk/contract';
import type { AuditQuery } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { auditKeys } from '../query-keys';

export const getAuditLogs = async (query: AuditQuery, signal?: AbortSignal) =>
  (await apiRequest('admin/audit-logs', auditPage, { query, signal })).data;

export const auditLogsQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.logs(query),
    queryFn: ({ signal }) => getAuditLogs(query, signal),
    // Keep the current rows on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });

export const useAuditLogs = (query: AuditQuery) => useQuery(auditLogsQueryOptions(query));
