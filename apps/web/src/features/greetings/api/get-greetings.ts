import { queryOptions, useQuery } from '@tanstack/react-query';
import { greetingsPage } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { greetingsKeys } from '../query-keys';

export const getGreetings = async (page: number, signal?: AbortSignal) =>
  (await apiRequest('admin/get-alerts', greetingsPage, { signal, query: { page } })).data;

export const greetingsQueryOptions = (page: number) =>
  queryOptions({ queryKey: greetingsKeys.page(page), queryFn: ({ signal }) => getGreetings(page, signal) });

export const useGreetings = (page: number) => useQuery(greetingsQueryOptions(page));
