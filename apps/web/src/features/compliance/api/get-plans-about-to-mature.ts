import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MATURING_PLANS_PAGE_SIZE, maturingPlans } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { complianceKeys } from '../query-keys';

export const getPlansAboutToMature = async (page: number, signal?: AbortSignal) =>
  (
    await apiRequest('advanced/plans-about-to-mature', maturingPlans, {
      query: { page, pageSize: MATURING_PLANS_PAGE_SIZE },
      signal,
    })
  ).data;

export const usePlansAboutToMature = (page: number) =>
  useQuery({
    queryKey: complianceKeys.maturing(page),
    queryFn: ({ signal }) => getPlansAboutToMature(page, signal),
    placeholderData: keepPreviousData,
  });
