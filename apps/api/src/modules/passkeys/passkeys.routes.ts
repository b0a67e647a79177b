import {
  envelope,
  idParams,
  loginResult,
  PASSKEY_MESSAGES,
  passkeyCreationOptions,
  passkeyList,
  passkeyRegisterBody,
  passkeyRegistered,
  passkeyRemoved,
  passkeyRequestOptions,
  passkeySignInBody,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createAuthService } from '../auth/auth.service';
import { createPasskeysService } from './passkeys.service';

/**
 * Passkeys: the own account's (listed, added, removed like the rest of the own profile) and the
 * sign-in with one. A session whose role requires a passkey it did not sign in with reaches the
 * listing and the registration (allowWithPasskeySetup), nothing else but sign-out.
 */
export function passkeysRoutes(app: App, { db, config }: Deps) {
  const service = createPasskeysService(db, config, createAuthService(db, config));
  const own = { permission: 'self.account' as const, allowWithPasskeySetup: true };

  app.get(
    '/v1/admin/passkeys',
    {
      schema: {
        tags: ['passkeys'],
        summary:
          'The own passkeys (name, created, last used), whether the own role requires them, and whether one may be added now',
        response: { 200: envelope(passkeyList) },
      },
      config: { access: own },
    },
    async (req) => ok(await service.list(req.auth!)),
  );

  app.post(
    '/v1/admin/passkeys/options',
    {
      schema: {
        tags: ['passkeys'],
        summary: `Start adding a passkey: the options for the browser (a single-use challenge). Only within the first minutes after signing in (403 otherwise)`,
        response: { 200: envelope(passkeyCreationOptions) },
      },
      config: { access: own },
    },
    async (req) =>
      ok(
        await service.registrationOptions(req.auth!, requestContext(req)),
        'Follow your browser to create the passkey',
      ),
  );

  app.post(
    '/v1/admin/passkeys',
    {
      schema: {
        tags: ['passkeys'],
        summary:
          "Add a passkey: its name and the browser's answer to the options; a session that had to register one ends (sign in again with it)",
        body: passkeyRegisterBody,
        response: { 200: envelope(passkeyRegistered) },
      },
      config: { access: own },
    },
    async (req) => {
      const result = await service.register(req.auth!, req.body, requestContext(req));
      return ok(result, result.signInAgain ? PASSKEY_MESSAGES.signInAgain : PASSKEY_MESSAGES.registered);
    },
  );

  app.delete(
    '/v1/admin/passkeys/:id',
    {
      schema: {
        tags: ['passkeys'],
        summary: 'Remove one of the own passkeys',
        params: idParams,
        response: { 200: envelope(passkeyRemoved) },
      },
      config: { access: { permission: 'self.account' } },
    },
    async (req) => ok(await service.remove(req.auth!, req.params.id, requestContext(req)), PASSKEY_MESSAGES.removed),
  );

  app.post(
    '/v1/auth/passkey/options',
    {
      schema: {
        tags: ['passkeys'],
        summary:
          'Start signing in with a passkey: the options for the browser (a single-use challenge, no e-mail needed)',
        response: { 200: envelope(passkeyRequestOptions) },
      },
      // An address locked out by failed sign-ins: 429.
      config: { access: { permission: 'public' }, answers: ['TOO_MANY_ATTEMPTS'] },
    },
    async (req) => ok(await service.signInOptions(requestContext(req, null)), 'Choose your passkey'),
  );

  app.post(
    '/v1/auth/passkey/sign-in',
    {
      schema: {
        tags: ['passkeys'],
        summary:
          "Sign in with a passkey: the browser's answer to the options; the same session and answer as password + TOTP. A copied passkey (its counter did not increase) is refused and audited",
        body: passkeySignInBody,
        response: { 200: envelope(loginResult) },
      },
      // An unknown, unverifiable or copied passkey: 401; a pending or disabled account: 403; the lockout: 429.
      config: { access: { permission: 'public' }, answers: ['UNAUTHENTICATED', 'FORBIDDEN', 'TOO_MANY_ATTEMPTS'] },
    },
    async (req) => ok(await service.signIn(req.body.response, requestContext(req, null)), 'Login successful'),
  );
}
