import {
  deletedRole,
  idParams,
  roleBody,
  roleRecord,
  envelope,
  rolePasskeyBody,
  rolePasskeyResult,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createAdminsService } from './admins.service';

/** Staff roles: create, change, require passkeys, delete. */
export function adminRoleRoutes(app: App, service: ReturnType<typeof createAdminsService>) {
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
}
