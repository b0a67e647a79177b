import { queryOptions, useQuery } from '@tanstack/react-query';
import { newsletterConfig } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const getNewsletterConfig = async (signal?: AbortSignal) =>
  (await apiRequest('newsletters/config', newsletterConfig, { signal })).data;

export const newsletterConfigQueryOptions = () =>
  queryOptions({ queryKey: ['newsletters', 'config'], queryFn: ({ signal }) => getNewsletterConfig(signal) });

export const useNewsletterConfig = () => useQuery(newsletterConfigQueryOptions());
