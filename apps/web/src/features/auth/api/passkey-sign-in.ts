import { startAuthentication } from '@simplewebauthn/browser';
import { passkeyRequestOptions } from '@vaultdesk/contract';
import { apiRequest } from '../../../api/client';
import { loginResult } from './login-schema';

/**
 * Sign-in with a passkey: usernameless (the authenticator offers the passkeys it holds for
 * Vaultdesk). The sign-in page imports this module on the button's press, so the WebAuthn library
 * and zod stay out of its first load.
 */
export const signInWithPasskey = async () => {
  const options = await apiRequest('auth/passkey/options', passkeyRequestOptions, { method: 'POST', auth: false });
  const response = await startAuthentication({
    optionsJSON: options.data as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return (await apiRequest('auth/passkey/sign-in', loginResult, { method: 'POST', body: { response }, auth: false }))
    .data;
};
