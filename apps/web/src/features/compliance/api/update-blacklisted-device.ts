import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blacklistedDevice, type UpdateBlacklistedDeviceBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { complianceKeys } from '../query-keys';

export const updateBlacklistedDevice = (body: UpdateBlacklistedDeviceBody) =>
  apiRequest('advanced/blacklisted-device', blacklistedDevice, { method: 'PUT', body });

export const useUpdateBlacklistedDeviceMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlacklistedDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.blacklistedDevices }),
  });
};
