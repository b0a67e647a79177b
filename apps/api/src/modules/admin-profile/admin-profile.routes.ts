import {
  adminProfile,
  envelope,
  PROFILE_UPDATED,
  SESSIONS_SIGNED_OUT,
  signOutOthersResult,
  updateAdminProfileBody,
} from '@vaultdesk/contract';
import { z } from 'zod';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createAdminProfileService } from './admin-profile.service';

/** The signed-in staff member's own profile (the password has its own call, PUT admin/password/update). */
export function adminProfileRoutes(app: App, { db }: Deps) {
  const service = createAdminProfileService(db);
  const access = { access: { permission: 'self.account' as const } };

  app.get(
    '/v1/admin/profile',
    {
      schema: {
        tags: ['admin profile'],
        summary: 'The own account: name, e-mail, role, last sign-in attempts and open sessions',
        response: { 200: envelope(adminProfile) },
      },
      config: access,
    },
    async (req) => ok(await service.profile(req.auth!)),
  );

  app.put(
    '/v1/admin/profile',
    {
      schema: {
        tags: ['admin profile'],
        summary: 'Change the own display name',
        body: updateAdminProfileBody,
        response: { 200: envelope(z.object({ fullName: z.string() })) },
      },
      config: access,
    },
    async (req) => ok(await service.updateName(requestContext(req), req.auth!, req.body.fullName), PROFILE_UPDATED),
  );

  app.post(
    '/v1/admin/sessions/sign-out-others',
    {
      schema: {
        tags: ['admin profile'],
        summary: 'End every other open session of the own account',
        response: { 200: envelope(signOutOthersResult) },
      },
      config: access,
    },
    async (req) => ok(await service.signOutOthers(requestContext(req), req.auth!), SESSIONS_SIGNED_OUT),
  );
}
