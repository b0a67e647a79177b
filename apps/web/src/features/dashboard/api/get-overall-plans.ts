import { queryOptions, useQuery } from '@tanstack/react-query';
import { overallPlans } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { dashboardKeys } from '../query-keys';

export const getOverallPlans = async (signal?: AbortSignal) =>
  (await apiRequest('admin/overall-plans', overallPlans, { signal })).data;

export const overallPlansQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.overallPlans, queryFn: ({ signal }) => getOverallPlans(signal) });

/** Only Super Admin and Compliance may read it: other roles never send the call. */
export const useOverallPlans = (enabled: boolean) => useQuery({ ...overallPlansQueryOptions(), enabled });
