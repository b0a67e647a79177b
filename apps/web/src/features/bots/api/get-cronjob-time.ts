import { queryOptions, useQuery } from '@tanstack/react-query';
import { cronjobTimes } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const getCronjobTime = async (signal?: AbortSignal) =>
  (await apiRequest('configs/cronjob-time', cronjobTimes, { signal })).data;

export const cronjobTimeQueryOptions = () =>
  queryOptions({ queryKey: ['bots', 'cronjob-time'], queryFn: ({ signal }) => getCronjobTime(signal), retry: false });

export const useCronjobTime = () => useQuery(cronjobTimeQueryOptions());
