import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blacklistedDevice, type AddBlacklistedDeviceBody } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { complianceKeys } from '../query-keys';

export const addBlacklistedDevice = (body: AddBlacklistedDeviceBody) =>
  apiRequest('advanced/blacklisted-device', blacklistedDevice, { method: 'POST', body });

export const useAddBlacklistedDeviceMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBlacklistedDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complianceKeys.blacklistedDevices }),
  });
};
