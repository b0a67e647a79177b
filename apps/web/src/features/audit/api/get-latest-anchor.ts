import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditAnchorStatus } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { auditKeys } from '../query-keys';

/** The newest anchor of the trail's head, and whether "Anchor now" can work on this server. */
export const getLatestAnchor = async (signal?: AbortSignal) =>
  (await apiRequest('admin/audit-logs/anchors/latest', auditAnchorStatus, { signal })).data;

export const latestAnchorQueryOptions = () =>
  queryOptions({ queryKey: auditKeys.latestAnchor, queryFn: ({ signal }) => getLatestAnchor(signal) });

export const useLatestAnchor = () => useQuery(latestAnchorQueryOptions());
