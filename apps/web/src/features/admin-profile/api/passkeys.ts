import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyCreationOptions, passkeyList, passkeyRegistered, passkeyRemoved } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { adminProfileKeys } from '../query-keys';
import { meKey } from '../../../api/query-keys';

export const usePasskeys = () =>
  useQuery({
    queryKey: adminProfileKeys.passkeys,
    queryFn: async ({ signal }) => (await apiRequest('admin/passkeys', passkeyList, { signal })).data,
  });

/**
 * Adds a passkey: the server's options, the browser's ceremony (its library loads only now, so
 * no page carries it on first load), then the answer with the name.
 */
export const registerPasskey = async (name: string) => {
  const [{ startRegistration }, options] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest('admin/passkeys/options', passkeyCreationOptions, { method: 'POST' }),
  ]);
  const response = await startRegistration({
    optionsJSON: options.data as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
  });
  return apiRequest('admin/passkeys', passkeyRegistered, { method: 'POST', body: { name, response } });
};

export const useRegisterPasskeyMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSettled: async (result) => {
      // The server ended this session (a passkey its role required): nothing is left to refetch with it.
      if (result?.data.signInAgain) return;
      await queryClient.invalidateQueries({ queryKey: adminProfileKeys.passkeys });
      await queryClient.invalidateQueries({ queryKey: adminProfileKeys.profile });
    },
  });
};

export const useRemovePasskeyMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`admin/passkeys/${id}`, passkeyRemoved, { method: 'DELETE' }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminProfileKeys.passkeys });
      await queryClient.invalidateQueries({ queryKey: meKey });
    },
  });
};

/** What the browser says when the person cancels or the ceremony fails, in words for staff. */
export const passkeyErrorMessage = (error: unknown, fallback: (e: unknown) => string) => {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError') return 'The passkey request was cancelled or timed out.';
  if (name === 'InvalidStateError') return 'This authenticator already holds a passkey for your account.';
  return fallback(error);
};
