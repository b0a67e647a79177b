import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DOUBLE_FUNDING_PAGE_SIZE, doubleFundings, type DoubleFundingStatus } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { complianceKeys } from '../query-keys';

export const getDoubleFundings = async (status: DoubleFundingStatus, page: number, signal?: AbortSignal) =>
  (
    await apiRequest('admin/compliance/double-fundings', doubleFundings, {
      query: { page, pageSize: DOUBLE_FUNDING_PAGE_SIZE, status },
      signal,
    })
  ).data;

export const useDoubleFundings = (status: DoubleFundingStatus, page: number) =>
  useQuery({
    queryKey: complianceKeys.doubleFundings(status, page),
    queryFn: ({ signal }) => getDoubleFundings(status, page, signal),
    placeholderData: keepPreviousData,
  });
