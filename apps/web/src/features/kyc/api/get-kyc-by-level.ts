import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { kycList, type KycByLevelQuery } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { kycKeys } from '../query-keys';

export const getKycByLevel = async (query: KycByLevelQuery, signal?: AbortSignal) =>
  (await apiRequest('admin/kyc/getkyc-by-level', kycList, { query, signal })).data;

export const kycByLevelQueryOptions = (query: KycByLevelQuery) =>
  queryOptions({
    queryKey: kycKeys.list(query),
    queryFn: ({ signal }) => getKycByLevel(query, signal),
    placeholderData: keepPreviousData,
  });

export const useKycByLevel = (query: KycByLevelQuery) => useQuery(kycByLevelQueryOptions(query));
