import type { LoginResult, Me } from '@vaultdesk/contract';

/**
 * What GET admin/me would answer for a session, read from the sign-in answer that opened it: the
 * server writes both from the same staff and role rows. Undefined when the answer lacks a part.
 */
export const meFromSignIn = (result: LoginResult): Me | undefined => {
  if (
    !result.user ||
    !result.authRole ||
    result.expiresIn === undefined ||
    result.mustChangePassword === undefined ||
    result.passkeySetupRequired === undefined
  )
    return undefined;
  return {
    user: result.user,
    authRole: result.authRole,
    enable2FA: result.enable2FA,
    mustChangePassword: result.mustChangePassword,
    passkeySetupRequired: result.passkeySetupRequired,
    expiresIn: result.expiresIn,
  };
};
