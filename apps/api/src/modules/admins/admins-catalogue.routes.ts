import { rolesPage, roleKindQuery, customerRolesPage, envelope, permissionList } from '@vaultdesk/contract';
import { z } from 'zod';
import type { App } from '../../http/app-types';
import { ok } from '../../http/envelope';
import type { createAdminsService } from './admins.service';

/** What can be granted: the permission catalogue and the roles. */
export function adminCatalogueRoutes(app: App, service: ReturnType<typeof createAdminsService>) {
  app.get(
    '/v1/admin/permissions',
    {
      schema: {
        tags: ['admin team'],
        summary: 'The permission catalogue',
        response: { 200: envelope(permissionList) },
      },
      config: { access: { permission: 'admins.read' } },
    },
    async () => ok(service.permissions()),
  );

  // One path, two lists: staff roles (Admin Team, admins.read) by default, and with
  // kind=customer the customers' roles (User, Staff) that the user profile assigns (users.read).
  app.get(
    '/v1/admin/roles',
    {
      schema: {
        tags: ['admin team'],
        summary: 'Roles, paged: staff roles, or customer roles with kind=customer',
        querystring: roleKindQuery,
        response: { 200: envelope(z.union([rolesPage, customerRolesPage])) },
      },
      config: {
        access: { permission: 'admins.read', when: { query: 'kind', equals: 'customer', permission: 'users.read' } },
      },
    },
    async (req) =>
      ok(
        req.query.kind === 'customer'
          ? await service.listCustomerRoles(req.query.page, req.query.pageSize)
          : await service.listRoles(req.query.page, req.query.pageSize),
      ),
  );
}
