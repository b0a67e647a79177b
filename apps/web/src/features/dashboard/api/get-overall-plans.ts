import { queryOptions, useQuery } from '@tanstack/react-query';
import { overallPlans } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const getOverallPlans = async (signal?: AbortSignal) =>
  (await apiRequest('admin/overall-plans', overallPlans, { signal })).data;

export const overallPlansQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'overall-plans'], queryFn: ({ signal }) => getOverallPlans(signal) });

/** Only Super Admin and Compliance may read it: other roles never send the call. */
export const useOverallPlans = (enabled: boolean) => useQuery({ ...overallPlansQueryOptions(), enabled });
