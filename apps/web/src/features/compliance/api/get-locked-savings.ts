import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LOCKED_SAVINGS_PAGE_SIZE, lockedSavings } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { complianceKeys } from '../query-keys';

export type LockedKind = 'fixed' | 'flexible';

export const getLockedSavings = async (kind: LockedKind, page: number, signal?: AbortSignal) =>
  (
    await apiRequest(`admin/locked-${kind}-savings`, lockedSavings, {
      query: { page, pageSize: LOCKED_SAVINGS_PAGE_SIZE },
      signal,
    })
  ).data;

export const useLockedSavings = (kind: LockedKind, page: number) =>
  useQuery({
    queryKey: complianceKeys.lockedPage(kind, page),
    queryFn: ({ signal }) => getLockedSavings(kind, page, signal),
    placeholderData: keepPreviousData,
  });
