import { sql } from 'drizzle-orm';
import { MONEY_PERMISSIONS } from '@vaultdesk/contract';
import type { Tx } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import { heldWithMoneyOn, oneRow, over, type ActionDef, type AreaApprovals } from '../approvals/approvals.service';
import { nudgeMailWorker } from '../mail/mail.service';
import { createAdminsService } from './admins.service';

type Admins = (tx: Tx) => ReturnType<typeof createAdminsService>;
type RoleBody = { title: string; description: string; permissions: string[] };

async function staffRow(q: Tx, id: string) {
  return oneRow<{ email: string; status: string; role_id: string; title: string }>(
    q,
    sql`
    SELECT s.email::text AS email, s.status, s.role_id::text AS role_id, r.title FROM staff s JOIN roles r ON r.id = s.role_id WHERE s.id = ${id}`,
  );
}

async function roleRow(q: Tx, id: string) {
  return oneRow<{
    title: string;
    permissions: string[];
    is_active: boolean;
    require_passkey: boolean;
    updated_at: string;
  }>(
    q,
    sql`
    SELECT title, permissions, is_active, require_passkey, updated_at::text AS updated_at FROM roles WHERE id = ${id} AND deleted_at IS NULL`,
  );
}

const MONEY: readonly string[] = MONEY_PERMISSIONS;
const holdsMoney = (permissions: readonly string[] | undefined) => (permissions ?? []).some((p) => MONEY.includes(p));

/** Admin accounts: setup, removal, role change. */
const adminActions = (admins: Admins): Record<string, ActionDef> => ({
  'admin.create': {
    kind: 'admins',
    permission: 'admins.manage',
    summary: async (q, { body }) => {
      const role = await roleRow(q, String(body.roleId));
      return `Create the admin ${String(body.fullName)} <${String(body.email)}> with the role ${role?.title ?? String(body.roleId)}`;
    },
    // A new account may approve: while a money threshold is on, nobody makes one alone.
    decide: heldWithMoneyOn(async () => true),
    snapshot: async (q, { body }) => {
      const role = await roleRow(q, String(body.roleId));
      return { "the role's permissions": role ? [...role.permissions].sort().join(', ') : null };
    },
    execute: (tx, ctx, { body }) =>
      admins(tx).setupAdmin(body as { fullName: string; email: string; roleId: string }, ctx),
    // The new admin's invitation is in the mail outbox, as the setup route leaves it.
    afterApproval: (jobs, log) => nudgeMailWorker(jobs, log),
  },
  'admin.remove': {
    kind: 'admins',
    permission: 'admins.manage',
    summary: async (q, { params }) =>
      `Remove the admin ${(await staffRow(q, String(params.id)))?.email ?? String(params.id)}`,
    snapshot: async (q, { params }) => {
      const s = await staffRow(q, String(params.id));
      return { "the admin's status": s?.status ?? null, "the admin's role": s?.title ?? null };
    },
    execute: (tx, ctx, { params }) => admins(tx).removeAdmin(String(params.id), ctx),
  },
  'admin.role': {
    kind: 'admins',
    permission: 'admins.manage',
    summary: async (q, { params, body }) => {
      const s = await staffRow(q, String(params.id));
      const role = await roleRow(q, String(body.roleId));
      return `Give the admin ${s?.email ?? String(params.id)} the role ${role?.title ?? String(body.roleId)} (now ${s?.title ?? '?'})`;
    },
    decide: heldWithMoneyOn(async (q, { body }) => holdsMoney((await roleRow(q, String(body.roleId)))?.permissions)),
    snapshot: async (q, { params, body }) => {
      const s = await staffRow(q, String(params.id));
      const role = await roleRow(q, String(body.roleId));
      return {
        "the admin's role": s?.title ?? null,
        "the new role's permissions": role ? [...role.permissions].sort().join(', ') : null,
      };
    },
    execute: (tx, ctx, { params, body }) => admins(tx).changeAdminRole(String(params.id), String(body.roleId), ctx),
  },
});

/** Roles: create, modify, delete, passkeys switched off. */
const roleActions = (admins: Admins): Record<string, ActionDef> => ({
  'role.create': {
    kind: 'admins',
    permission: 'roles.manage',
    summary: async (_q, { body }) =>
      `Create the role ${String(body.title)} with ${(body.permissions as string[]).join(', ') || 'no permissions'}`,
    decide: heldWithMoneyOn(async (_q, { body }) => holdsMoney(body.permissions as string[])),
    snapshot: async () => ({}),
    execute: (tx, ctx, { body }) => admins(tx).createRole(body as RoleBody, ctx),
  },
  'role.update': {
    kind: 'admins',
    permission: 'roles.manage',
    summary: async (q, { params, body }) =>
      `Modify the role ${(await roleRow(q, String(params.id)))?.title ?? String(params.id)}: ${String(body.title)} with ${(body.permissions as string[]).join(', ') || 'no permissions'}`,
    // Adding a money permission to a role gives it to every holder.
    decide: heldWithMoneyOn(async (q, { params, body }) => {
      const before = (await roleRow(q, String(params.id)))?.permissions ?? [];
      return holdsMoney((body.permissions as string[]).filter((p) => !before.includes(p)));
    }),
    snapshot: async (q, { params }) => ({ 'the role': (await roleRow(q, String(params.id)))?.updated_at ?? null }),
    execute: (tx, ctx, { params, body }) => admins(tx).updateRole(String(params.id), body as RoleBody, ctx),
  },
  'role.delete': {
    kind: 'admins',
    permission: 'roles.manage',
    summary: async (q, { params }) =>
      `Delete the role ${(await roleRow(q, String(params.id)))?.title ?? String(params.id)}`,
    snapshot: async (q, { params }) => ({ 'the role': (await roleRow(q, String(params.id)))?.updated_at ?? null }),
    execute: (tx, ctx, { params }) => admins(tx).deleteRole(String(params.id), ctx),
  },
  'role.passkeys': {
    kind: 'admins',
    permission: 'roles.manage',
    // Switching passkeys off weakens sign-in and follows the admins kind; switching them on applies at once.
    covers: ({ body }) => body.requirePasskey === false,
    summary: async (q, { params }) =>
      `Stop requiring passkeys of the role ${(await roleRow(q, String(params.id)))?.title ?? String(params.id)}`,
    snapshot: async (q, { params }) => {
      const role = await roleRow(q, String(params.id));
      return { "the role's passkey requirement": role ? (role.require_passkey ? 'required' : 'not required') : null };
    },
    execute: (tx, ctx, { params, body }) =>
      admins(tx).setRolePasskeys(String(params.id), body.requirePasskey === true, ctx),
  },
});

/** Role and admin changes (an admins kind). */
export const ADMINS_APPROVALS: AreaApprovals = (config: Config) => {
  const admins: Admins = (tx) => createAdminsService(over(tx), config);
  return { ...adminActions(admins), ...roleActions(admins) };
};
