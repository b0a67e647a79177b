import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardCards } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { dashboardKeys } from '../query-keys';

export const getDashboard = async (signal?: AbortSignal) =>
  (await apiRequest('admin/dashboard', dashboardCards, { signal })).data;

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.dashboard, queryFn: ({ signal }) => getDashboard(signal) });

export const useDashboard = () => useQuery(dashboardQueryOptions());
