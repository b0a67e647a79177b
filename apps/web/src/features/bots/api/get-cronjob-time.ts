import { queryOptions, useQuery } from '@tanstack/react-query';
import { cronjobTimes } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { botsKeys } from '../query-keys';

export const getCronjobTime = async (signal?: AbortSignal) =>
  (await apiRequest('configs/cronjob-time', cronjobTimes, { signal })).data;

export const cronjobTimeQueryOptions = () =>
  queryOptions({ queryKey: botsKeys.cronjobTime, queryFn: ({ signal }) => getCronjobTime(signal), retry: false });

export const useCronjobTime = () => useQuery(cronjobTimeQueryOptions());
