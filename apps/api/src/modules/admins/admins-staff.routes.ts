import {
  adminSetupBody,
  adminUsersPage,
  adminUsersQuery,
  changeAdminRoleBody,
  changedAdminRole,
  idParams,
  removedAdmin,
  adminSetupResult,
  envelope,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { nudgeMailWorker } from '../mail/mail.service';
import type { createAdminsService } from './admins.service';

/** The admin team: set up (mailing the confirmation link), list, remove, change an admin's role. */
export function adminStaffRoutes(app: App, service: ReturnType<typeof createAdminsService>, jobs: Deps['jobs']) {
  app.post(
    '/v1/admin/setup',
    {
      schema: {
        tags: ['admin team'],
        summary:
          'Create a pending admin and e-mail the confirmation link; only with a role whose permissions the caller holds (403 naming the rest)',
        body: adminSetupBody,
        response: { 200: envelope(adminSetupResult) },
      },
      config: { access: { permission: 'admins.manage' }, approval: 'admin.create' },
    },
    async (req) => {
      const result = await service.setupAdmin(req.body, requestContext(req));
      await nudgeMailWorker(jobs, req.log);
      return ok(result, 'Admin created Successfully');
    },
  );

  app.get(
    '/v1/admin/users/admin',
    {
      schema: {
        tags: ['admin team'],
        summary: 'Admin users, 20 per page',
        querystring: adminUsersQuery,
        response: { 200: envelope(adminUsersPage) },
      },
      config: { access: { permission: 'admins.read' } },
    },
    async (req) => ok(await service.listAdmins(req.query.page, req.query.pageSize)),
  );

  app.delete(
    '/v1/admin/users/admin/:id',
    {
      schema: {
        tags: ['admin team'],
        summary:
          'Remove an admin: sign-in refused and every session revoked at once; only an admin whose permissions the caller holds',
        params: idParams,
        response: { 200: envelope(removedAdmin) },
      },
      config: { access: { permission: 'admins.manage' }, approval: 'admin.remove' },
    },
    async (req) => ok(await service.removeAdmin(req.params.id, requestContext(req)), 'Admin removed Successfully'),
  );

  app.patch(
    '/v1/admin/users/admin/:id/role',
    {
      schema: {
        tags: ['admin team'],
        summary:
          "Change an admin's role (effective on their next call): never one's own; the caller must hold every permission of both roles (403 naming the rest)",
        params: idParams,
        body: changeAdminRoleBody,
        response: { 200: envelope(changedAdminRole) },
      },
      config: { access: { permission: 'admins.manage' }, approval: 'admin.role' },
    },
    async (req) =>
      ok(
        await service.changeAdminRole(req.params.id, req.body.roleId, requestContext(req)),
        'Admin role Updated Successfully',
      ),
  );
}
