import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { AuthState } from '../../http/auth';
import type { RequestContext } from '../../http/context';
import type { AuthService } from '../auth/auth.service';
import { listPasskeys } from './list-passkeys';
import { relyingParty } from './passkey-ceremony';
import { signInOptions, signInWithPasskey } from './passkey-sign-in';
import { registerPasskey, registrationOptions } from './register-passkey';
import { removePasskey } from './remove-passkey';

export { relyingParty };

/**
 * The passkeys module's public face. Each ceremony lives in its own file (register-passkey,
 * passkey-sign-in, remove-passkey, list-passkeys; what they share in passkey-ceremony) and takes
 * its dependencies explicitly.
 */
export function createPasskeysService(db: Db, config: Config, auth: AuthService) {
  const rp = relyingParty(config.appUrl);

  return {
    relyingParty: rp,
    list: (a: AuthState) => listPasskeys(db, a),
    registrationOptions: (a: AuthState, ctx: RequestContext) => registrationOptions(db, rp, a, ctx),
    register: (a: AuthState, body: { name: string; response: RegistrationResponseJSON }, ctx: RequestContext) =>
      registerPasskey(db, rp, a, body, ctx),
    remove: (a: AuthState, id: string, ctx: RequestContext) => removePasskey(db, a, id, ctx),
    signInOptions: (ctx: RequestContext) => signInOptions(db, rp, ctx),
    signIn: (response: AuthenticationResponseJSON, ctx: RequestContext) =>
      signInWithPasskey(db, rp, auth, response, ctx),
  };
}
