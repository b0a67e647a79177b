import {
  envelope,
  loginBody,
  loginResult,
  me,
  passwordUpdateBody,
  passwordUpdateResult,
  twoFactorCreateBody,
  twoFactorStart,
  emptyData,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createAuthService } from './auth.service';

export function authRoutes(app: App, { db, config }: Deps) {
  const service = createAuthService(db, config);

  app.post(
    '/v1/admin/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in: password step, then code step when enable2FA',
        body: loginBody,
        response: { 200: envelope(loginResult) },
      },
      // Wrong password or code: 401; the lockout after repeated failures: 429.
      config: { access: { permission: 'public' }, answers: ['UNAUTHENTICATED', 'TOO_MANY_ATTEMPTS'] },
    },
    async (req) => {
      const result = await service.login(req.body, requestContext(req));
      return ok(result, result.codeRequired ? 'Enter your authentication code' : 'Login successful');
    },
  );

  app.get(
    '/v1/admin/me',
    {
      schema: { tags: ['auth'], summary: 'The signed-in admin, role and permissions', response: { 200: envelope(me) } },
      config: { access: { permission: 'self.account', allowWithout2FA: true } },
    },
    async (req) => ok(service.me(req.auth!)),
  );

  app.post(
    '/v1/admin/logout',
    {
      schema: { tags: ['auth'], summary: 'Sign out: revokes this session', response: { 200: envelope(emptyData) } },
      config: { access: { permission: 'self.account', allowWithout2FA: true } },
    },
    async (req) => {
      await service.logout(req.auth!, requestContext(req));
      return ok({}, 'Logged out');
    },
  );

  app.post(
    '/v1/auth/2fa/start/enable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start two-factor setup: QR code and secret',
        response: { 200: envelope(twoFactorStart) },
      },
      config: { access: { permission: 'self.account', allowWithout2FA: true } },
    },
    async (req) =>
      ok(await service.startTwoFactor(req.auth!, requestContext(req)), 'Scan the QR code with your authenticator app'),
  );

  app.post(
    '/v1/auth/2fa/create/enable',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm two-factor setup with a code and the password',
        body: twoFactorCreateBody,
        response: { 200: envelope(emptyData) },
      },
      // The password it asks for counts towards the sign-in lockout (429).
      config: { access: { permission: 'self.account', allowWithout2FA: true }, answers: ['TOO_MANY_ATTEMPTS'] },
    },
    async (req) => {
      await service.enableTwoFactor(req.auth!, req.body, requestContext(req));
      return ok({}, 'Your 2FA has been activated. Login to continue.');
    },
  );

  app.put(
    '/v1/admin/password/update',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change own password; revokes the other sessions',
        body: passwordUpdateBody,
        response: { 200: envelope(passwordUpdateResult) },
      },
      config: { access: { permission: 'self.account', allowWithPasswordChange: true } },
    },
    async (req) => ok(await service.updatePassword(req.auth!, req.body, requestContext(req)), 'Password updated'),
  );
}
