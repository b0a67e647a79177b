import { adminSetupBody, rolesPage, roleKindQuery, customerRolesPage, adminSetupResult, confirmAdminQuery, emptyData, envelope, permissionList } from '@vaultdesk/contract';
import { z } from 'zod';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { nudgeMailWorker } from '../mail/mail.service';
import { createAdminsService } from './admins.service';

export function adminsRoutes(app: App, { db, config, jobs }: Deps) {
  const service = createAdminsService(db, config);

  app.get('/v1/admin/permissions', {
    schema: { tags: ['admin team'], summary: 'The permission catalogue', response: { 200: envelope(permissionList) } },
    config: { access: { permission: 'admins.read' } },
  }, async () => ok(service.permissions()));

  // One path, two lists: staff roles (Admin Team, admins.read) by default, and with
  // kind=customer the customers' roles (User, Staff) that the user profile assigns (users.read).
  app.get('/v1/admin/roles', {
    schema: { tags: ['admin team'], summary: 'Roles, paged: staff roles, or customer roles with kind=customer', querystring: roleKindQuery,
      response: { 200: envelope(z.union([rolesPage, customerRolesPage])) } },
    config: { access: { permission: 'admins.read', when: { query: 'kind', equals: 'customer', permission: 'users.read' } } },
  }, async (req) => ok(req.query.kind === 'customer'
    ? await service.listCustomerRoles(req.query.page, req.query.pageSize)
    : await service.listRoles(req.query.page, req.query.pageSize)));

  app.post('/v1/admin/setup', {
    schema: { tags: ['admin team'], summary: 'Create a pending admin and e-mail the confirmation link', body: adminSetupBody, response: { 200: envelope(adminSetupResult) } },
    config: { access: { permission: 'admins.manage' } },
  }, async (req) => {
    const result = await service.setupAdmin(req.body, requestContext(req));
    await nudgeMailWorker(jobs, req.log);
    return ok(result, 'Admin created Successfully');
  });

  app.post('/v1/admin/confirm-super', {
    schema: { tags: ['admin team'], summary: 'Confirm an admin setup link (unauthenticated)', querystring: confirmAdminQuery, response: { 200: envelope(emptyData) } },
    config: { access: { permission: 'public' } },
  }, async (req) => {
    await service.confirmSetup(req.query.token, requestContext(req, null));
    return ok({}, 'Setup confirmed');
  });
}
