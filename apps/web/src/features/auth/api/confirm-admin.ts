import { queryOptions, useQuery } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../../api/client';
import { authKeys } from '../query-keys';

export const confirmAdmin = (token: string) =>
  apiRequest('admin/confirm-super', anyPayload, { method: 'POST', query: { token }, auth: false });

// A one-shot POST read as a query: React may mount the page twice, the token is spent once.
export const confirmAdminQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.confirmAdmin(token),
    queryFn: () => confirmAdmin(token),
    staleTime: Infinity,
    retry: false,
  });

export const useConfirmAdmin = (token: string) => useQuery(confirmAdminQueryOptions(token));
