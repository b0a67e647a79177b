import { queryOptions, useQuery } from '@tanstack/react-query';
import { maillists } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const getMaillists = async (signal?: AbortSignal) =>
  (await apiRequest('newsletters/maillist', maillists, { signal })).data;

export const maillistsQueryOptions = () =>
  queryOptions({ queryKey: newslettersKeys.maillist, queryFn: ({ signal }) => getMaillists(signal) });

export const useMaillists = () => useQuery(maillistsQueryOptions());
