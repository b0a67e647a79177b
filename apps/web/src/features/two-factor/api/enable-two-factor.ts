import { useMutation } from '@tanstack/react-query';
import type { TwoFactorCreateBody } from '@vaultdesk/contract';
import { anyPayload, apiRequest } from '../../../api/client';

export const enableTwoFactor = (body: TwoFactorCreateBody) =>
  apiRequest('auth/2fa/create/enable', anyPayload, { method: 'POST', body });

export const useEnableTwoFactorMutation = () => useMutation({ mutationFn: enableTwoFactor });
