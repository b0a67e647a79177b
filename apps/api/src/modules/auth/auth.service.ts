import type { LoginBody, LoginResult } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { AuthState } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import { finishSignIn } from './finish-sign-in';
import { logout, me, updatePassword } from './own-session';
import { login } from './password-sign-in';
import type { RoleRow, StaffRow } from './staff-accounts';
import { enableTwoFactor, startTwoFactor } from './two-factor';

// Passkey sign-in counts its attempts in the same store as password sign-in, through auth's public face.
export { assertNotLocked, claimAttempt } from './login-attempts';
export { loadStaffByEmail, type RoleRow, type StaffRow } from './staff-accounts';

/**
 * The auth module's public face. Each flow lives in its own file (password-sign-in,
 * finish-sign-in, two-factor, own-session; the account reads in staff-accounts) and takes its
 * dependencies explicitly.
 */
export function createAuthService(db: Db, config: Config) {
  return {
    login: (body: LoginBody, ctx: RequestContext): Promise<LoginResult> => login(db, config, body, ctx),
    finishSignIn: (
      s: StaffRow,
      role: RoleRow,
      ctx: RequestContext,
      how: { method: 'password' | 'passkey'; twoFactorPassed: boolean; passkeyId?: string },
      first?: (tx: Tx) => Promise<(() => void) | undefined>,
    ): Promise<LoginResult> => finishSignIn(db, s, role, ctx, how, first),
    me,
    logout: (auth: AuthState, ctx: RequestContext) => logout(db, auth, ctx),
    startTwoFactor: (auth: AuthState, ctx: RequestContext) => startTwoFactor(db, config, auth, ctx),
    enableTwoFactor: (auth: AuthState, body: { secret: string; code: string; password: string }, ctx: RequestContext) =>
      enableTwoFactor(db, config, auth, body, ctx),
    updatePassword: (auth: AuthState, body: { currentPassword: string; password: string }, ctx: RequestContext) =>
      updatePassword(db, auth, body, ctx),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
