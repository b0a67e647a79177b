import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BLACKLIST_PAGE_SIZE, blacklistedDevices } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { complianceKeys } from '../query-keys';

export const getBlacklistedDevices = async (page: number, signal?: AbortSignal) =>
  (
    await apiRequest('advanced/blacklisted-device', blacklistedDevices, {
      query: { page, pageSize: BLACKLIST_PAGE_SIZE },
      signal,
    })
  ).data;

export const useBlacklistedDevices = (page: number) =>
  useQuery({
    queryKey: complianceKeys.blacklistedDevicesPage(page),
    queryFn: ({ signal }) => getBlacklistedDevices(page, signal),
    placeholderData: keepPreviousData,
  });
