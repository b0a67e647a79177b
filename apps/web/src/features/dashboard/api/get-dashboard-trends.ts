import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardTrends } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { dashboardKeys } from '../query-keys';

export const getDashboardTrends = async (signal?: AbortSignal) =>
  (await apiRequest('admin/dashboard-trends', dashboardTrends, { signal })).data;

export const dashboardTrendsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.trends, queryFn: ({ signal }) => getDashboardTrends(signal) });

export const useDashboardTrends = () => useQuery(dashboardTrendsQueryOptions());
