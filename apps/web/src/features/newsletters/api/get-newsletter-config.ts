import { queryOptions, useQuery } from '@tanstack/react-query';
import { newsletterConfig } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { newslettersKeys } from '../query-keys';

export const getNewsletterConfig = async (signal?: AbortSignal) =>
  (await apiRequest('newsletters/config', newsletterConfig, { signal })).data;

export const newsletterConfigQueryOptions = () =>
  queryOptions({ queryKey: newslettersKeys.config, queryFn: ({ signal }) => getNewsletterConfig(signal) });

export const useNewsletterConfig = () => useQuery(newsletterConfigQueryOptions());
