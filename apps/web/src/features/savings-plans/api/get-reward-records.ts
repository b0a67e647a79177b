import { queryOptions, useQuery } from '@tanstack/react-query';
import { rewardRecords } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { savingsPlansKeys } from '../query-keys';

export const getRewardRecords = (planId: string, signal?: AbortSignal) =>
  apiRequest('advanced/vlt-reward-record', rewardRecords, { query: { planId }, signal });

/** Keeps the whole envelope: the page shows the server's message ('Search Done' or 'No data with order reference'). */
export const rewardRecordsQueryOptions = (planId: string) =>
  queryOptions({
    queryKey: savingsPlansKeys.rewardRecords(planId),
    queryFn: ({ signal }) => getRewardRecords(planId, signal),
    enabled: planId !== '',
  });

export const useRewardRecords = (planId: string) => useQuery(rewardRecordsQueryOptions(planId));
