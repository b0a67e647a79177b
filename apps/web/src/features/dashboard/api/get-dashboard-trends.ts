import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardTrends } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const getDashboardTrends = async (signal?: AbortSignal) =>
  (await apiRequest('admin/dashboard-trends', dashboardTrends, { signal })).data;

export const dashboardTrendsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'dashboard-trends'], queryFn: ({ signal }) => getDashboardTrends(signal) });

export const useDashboardTrends = () => useQuery(dashboardTrendsQueryOptions());
