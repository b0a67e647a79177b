import type { Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { RequestContext } from '../../http/context';
import { changeAdminRole } from './change-admin-role';
import { confirmSetup } from './confirm-setup';
import { createRole } from './create-role';
import { deleteRole } from './delete-role';
import { listAdmins } from './list-admins';
import { listCustomerRoles } from './list-customer-roles';
import { listPermissions } from './list-permissions';
import { listRoles } from './list-roles';
import { removeAdmin } from './remove-admin';
import { setRolePasskeys } from './set-role-passkeys';
import { setupAdmin } from './setup-admin';
import { updateRole } from './update-role';

/**
 * The admin team's public face: each call is one operation in its own file (the lists, the role
 * changes and the admin's setup, role change and removal); every change to access takes the one
 * access lock and checks the caller's permissions as the database holds them (admins-shared.ts).
 */
export function createAdminsService(db: Db, config: Config) {
  return {
    permissions: () => listPermissions(),
    listRoles: (page: number, pageSize: number) => listRoles(db, page, pageSize),
    listCustomerRoles: (page: number, pageSize: number) => listCustomerRoles(db, page, pageSize),
    listAdmins: (page: number, pageSize: number) => listAdmins(db, page, pageSize),
    removeAdmin: (id: string, ctx: RequestContext) => removeAdmin(db, id, ctx),
    changeAdminRole: (id: string, roleId: string, ctx: RequestContext) => changeAdminRole(db, id, roleId, ctx),
    createRole: (body: { title: string; description: string; permissions: string[] }, ctx: RequestContext) =>
      createRole(db, body, ctx),
    setRolePasskeys: (id: string, requirePasskey: boolean, ctx: RequestContext) =>
      setRolePasskeys(db, id, requirePasskey, ctx),
    updateRole: (
      id: string,
      body: { title: string; description: string; permissions: string[] },
      ctx: RequestContext,
    ) => updateRole(db, id, body, ctx),
    deleteRole: (id: string, ctx: RequestContext) => deleteRole(db, id, ctx),
    setupAdmin: (body: { fullName: string; email: string; roleId: string }, ctx: RequestContext) =>
      setupAdmin(db, config, body, ctx),
    confirmSetup: (token: string, ctx: RequestContext) => confirmSetup(db, token, ctx),
  };
}
