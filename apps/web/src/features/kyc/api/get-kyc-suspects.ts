import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { kycSuspects, type KycSuspectsQuery } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { kycKeys } from '../query-keys';

export const getKycSuspects = async (query: KycSuspectsQuery, signal?: AbortSignal) =>
  (await apiRequest('admin/kyc/kyc-filter-by-values', kycSuspects, { query, signal })).data;

export const kycSuspectsQueryOptions = (query: KycSuspectsQuery) =>
  queryOptions({
    queryKey: kycKeys.suspects(query),
    queryFn: ({ signal }) => getKycSuspects(query, signal),
    placeholderData: keepPreviousData,
  });

export const useKycSuspects = (query: KycSuspectsQuery, enabled: boolean) =>
  useQuery({ ...kycSuspectsQueryOptions(query), enabled });
