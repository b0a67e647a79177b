import {
  adminSetupBody,
  adminUsersPage,
  adminUsersQuery,
  changeAdminRoleBody,
  changedAdminRole,
  deletedRole,
  idParams,
  removedAdmin,
  roleBody,
  roleRecord,
  rolesPage,
  roleKindQuery,
  customerRolesPage,
  adminSetupResult,
  confirmAdminQuery,
  emptyData,
  envelope,
  permissionList,
  rolePasskeyBody,
  rolePasskeyResult,
} from '@vaultdesk/contract';
import { z } from 'zod';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { nudgeMailWorker } from '../mail/mail.service';
import { createAdminsService } from './admins.service';

export function adminsRoutes(app: App, { db, config, jobs }: Deps) {
  const service = createAdminsService(db, config);

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

  app.post(
    '/v1/admin/roles',
    {
      schema: {
        tags: ['admin team'],
        summary: 'Create a role with permissions the caller holds (403 naming the rest)',
        body: roleBody,
        response: { 200: envelope(roleRecord) },
      },
      config: { access: { permission: 'roles.manage' }, approval: 'role.create' },
    },
    async (req) => ok(await service.createRole(req.body, requestContext(req)), 'Role created Successfully'),
  );

  app.patch(
    '/v1/admin/roles/:id',
    {
      schema: {
        tags: ['admin team'],
        summary:
          "Modify a role (takes effect on its holders next call): not the role the caller holds; its permissions before and after must be the caller's (403 naming the rest)",
        params: idParams,
        body: roleBody,
        response: { 200: envelope(roleRecord) },
      },
      config: { access: { permission: 'roles.manage' }, approval: 'role.update' },
    },
    async (req) =>
      ok(await service.updateRole(req.params.id, req.body, requestContext(req)), 'Role Updated Successfully'),
  );

  app.put(
    '/v1/admin/roles/:id/passkeys',
    {
      schema: {
        tags: ['admin team'],
        summary:
          "Require passkeys for a role's members (who then cannot sign in with password + TOTP once they have one), or stop requiring them (held back for a second approver when the approval policy's admins kind is on); only a role whose permissions the caller holds (403 naming the rest), the caller's own included",
        params: idParams,
        body: rolePasskeyBody,
        response: { 200: envelope(rolePasskeyResult) },
      },
      config: { access: { permission: 'roles.manage' }, approval: 'role.passkeys' },
    },
    async (req) => {
      const result = await service.setRolePasskeys(req.params.id, req.body.requirePasskey, requestContext(req));
      return ok(
        result,
        result.requirePasskey ? `${result.title} now requires passkeys` : `${result.title} no longer requires passkeys`,
      );
    },
  );

  app.delete(
    '/v1/admin/roles/:id',
    {
      schema: {
        tags: ['admin team'],
        summary: 'Delete a role no admin holds, whose permissions the caller holds',
        params: idParams,
        response: { 200: envelope(deletedRole) },
      },
      config: { access: { permission: 'roles.manage' }, approval: 'role.delete' },
    },
    async (req) => ok(await service.deleteRole(req.params.id, requestContext(req)), 'Role deleted Successfully'),
  );

  app.post(
    '/v1/admin/confirm-super',
    {
      schema: {
        tags: ['admin team'],
        summary: 'Confirm an admin setup link (unauthenticated)',
        querystring: confirmAdminQuery,
        response: { 200: envelope(emptyData) },
      },
      config: { access: { permission: 'public' } },
    },
    async (req) => {
      await service.confirmSetup(req.query.token, requestContext(req, null));
      return ok({}, 'Setup confirmed');
    },
  );
}
