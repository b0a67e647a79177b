import { queryOptions, useQuery } from '@tanstack/react-query';
import { KYC_LEVELS_PAGE_SIZE, kycLevelList } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { kycKeys } from '../query-keys';

export const getKycLevels = async (page: number, signal?: AbortSignal) =>
  (
    await apiRequest('admin/kycLevel/get-kyclevel', kycLevelList, {
      query: { pageSize: KYC_LEVELS_PAGE_SIZE, page },
      signal,
    })
  ).data;

export const kycLevelsQueryOptions = (page = 1) =>
  queryOptions({ queryKey: kycKeys.levelsPage(page), queryFn: ({ signal }) => getKycLevels(page, signal) });

export const useKycLevels = (page = 1, enabled = true) => useQuery({ ...kycLevelsQueryOptions(page), enabled });
