import { useMutation } from '@tanstack/react-query';
import type { twoFactorCreateBody } from '@vaultdesk/contract';
import { anyPayload, apiRequest } from '../../../api/client';

export type EnableTwoFactorBody = ReturnType<typeof twoFactorCreateBody.parse>;

export const enableTwoFactor = (body: EnableTwoFactorBody) =>
  apiRequest('auth/2fa/create/enable', anyPayload, { method: 'POST', body });

export const useEnableTwoFactorMutation = () => useMutation({ mutationFn: enableTwoFactor });
