import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { finderResult } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';

export const useFinder = (email: string) =>
  useQuery({
    queryKey: ['finder', email],
    queryFn: async ({ signal }) => apiRequest('admin/finder', finderResult, { query: { email }, signal }),
    enabled: email !== '',
    placeholderData: keepPreviousData,
  });
