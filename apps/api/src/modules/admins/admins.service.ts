import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { ADMIN_INVITE_HOURS, ALL_PERMISSIONS, PERMISSIONS, ROLE_SLUGS, permissionsInForce } from '@vaultdesk/contract';
import { schema, type Db, type Tx } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict, forbidden, unauthenticated } from '../../http/errors';
import { hashPassword, hashToken, newToken, randomPassword } from '../../credentials/credentials';
import { adminInviteMail, queueMail } from '../mail/mail.service';

const { staff, roles, staffInvites, customerRoles } = schema;

type RoleRow = typeof roles.$inferSelect;
const roleOut = (r: RoleRow) => ({ _id: r.id, id: r.id, title: r.title, slug: r.slug, description: r.description, permissions: r.permissions, isActive: r.isActive, requirePasskey: r.requirePasskey });
const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'role';
const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** Unknown permission strings are refused by name, so a typo never silently grants nothing. */
function checkPermissions(list: string[]) {
  const unknown = list.filter((p) => !(p in PERMISSIONS));
  if (unknown.length) throw badRequest('Unknown permissions', { permissions: [`Not in the catalogue: ${unknown.join(', ')}`] });
  return [...new Set(list)];
}

/**
 * Every change to who may do what (roles created, modified or deleted; admins created, given
 * another role or removed) serialises on one advisory lock, taken first in its transaction. So
 * two staff removing the last two Super Admins at once cannot both succeed, and a caller's own
 * permissions, read after the lock, cannot change before the change they check commits: a
 * demotion running at the same moment either commits first (and is seen) or waits.
 */
const ACCESS_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('vaultdesk.access'))`;

/**
 * The caller's permissions as the database holds them now, read inside the transaction that
 * makes the change (never the session's cached copy). A switched-off role keeps only
 * self.account, as at sign-in. The rows are locked for share: a write made outside the API
 * (which takes no advisory lock) still waits for this change to commit.
 */
async function heldPermissions(tx: Tx, ctx: RequestContext): Promise<ReadonlySet<string> & { roleId: string }> {
  if (!ctx.actor) throw unauthenticated();
  const { rows: [me] } = await tx.execute<{ role_id: string; permissions: string[]; is_active: boolean }>(
    sql`SELECT s.role_id, r.permissions, r.is_active FROM staff s JOIN roles r ON r.id = s.role_id
         WHERE s.id = ${ctx.actor.id} AND s.status = 'active' FOR SHARE OF s, r`,
  );
  if (!me) throw unauthenticated();
  return Object.assign(new Set(permissionsInForce({ isActive: me.is_active, permissions: me.permissions })), { roleId: me.role_id });
}

/** The permissions of `wanted` the caller does not hold, in catalogue order. */
const lacking = (held: ReadonlySet<string>, wanted: readonly string[]) => {
  const rank = (p: string) => { const i = (ALL_PERMISSIONS as readonly string[]).indexOf(p); return i < 0 ? Infinity : i; };
  return [...new Set(wanted)].filter((p) => !held.has(p)).sort((a, b) => rank(a) - rank(b));
};

/** Refuses (403, nothing written) unless every permission of `wanted` is held; the message names the rest. */
function assertHolds(held: ReadonlySet<string>, wanted: readonly string[], doing: string) {
  const missing = lacking(held, wanted);
  if (missing.length) throw forbidden(`${doing} permissions you do not hold: ${missing.join(', ')}`);
}

async function assertAnotherSuperAdmin(tx: Tx, exceptId: string) {
  const { rows: [others] } = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM staff s JOIN roles r ON r.id = s.role_id
         WHERE r.slug = ${ROLE_SLUGS.superAdmin} AND s.status = 'active' AND s.id <> ${exceptId}`,
  );
  if (!others || others.n === 0) throw conflict('The last Super Admin cannot be removed or given another role');
}

export function createAdminsService(db: Db, config: Config) {
  return {
    permissions() {
      return { permissions: Object.entries(PERMISSIONS).map(([key, description]) => ({ key, description })) };
    },

    async listRoles(page: number, pageSize: number) {
      const [records, [total]] = await Promise.all([
        db.select().from(roles).where(isNull(roles.deletedAt)).orderBy(asc(roles.createdAt), asc(roles.title)).limit(pageSize).offset((page - 1) * pageSize),
        db.select({ n: count() }).from(roles).where(isNull(roles.deletedAt)),
      ]);
      return {
        records: records.map(roleOut),
        currentPage: page,
        pageSize,
        totalRecords: total!.n,
      };
    },

    async listCustomerRoles(page: number, pageSize: number) {
      const [records, [total]] = await Promise.all([
        db.select().from(customerRoles).orderBy(asc(customerRoles.createdAt), asc(customerRoles.title)).limit(pageSize).offset((page - 1) * pageSize),
        db.select({ n: count() }).from(customerRoles),
      ]);
      return {
        records: records.map((r) => ({ id: r.id, title: r.title, slug: r.slug, isActive: r.isActive })),
        currentPage: page,
        pageSize,
        totalRecords: total!.n,
      };
    },

    async listAdmins(page: number, pageSize: number) {
      // Admins are a few hundred at most: a plain page with an exact count is fine here.
      const { rows } = await db.$client.query<{ id: string; full_name: string; email: string; last_login_at: Date | null; role_id: string; title: string; status: string; created_at: Date }>(
        `SELECT s.id, s.full_name, s.email, s.last_login_at, s.role_id, r.title, s.status, s.created_at
           FROM staff s JOIN roles r ON r.id = s.role_id
          WHERE s.status <> 'removed'
          ORDER BY s.created_at, s.id LIMIT $1 OFFSET $2`,
        [pageSize, (page - 1) * pageSize],
      );
      const { rows: [total] } = await db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE status <> 'removed'`);
      return {
        records: rows.map((r) => ({
          _id: r.id, fullName: r.full_name, email: r.email, lastLogin: r.last_login_at?.toISOString() ?? null,
          role: { _id: r.role_id, title: r.title }, status: r.status, createdAt: r.created_at.toISOString(),
        })),
        current: page,
        pageSize,
        totalRecords: total!.n,
      };
    },

    /** Removes an admin: the account can no longer sign in and every open session ends now. */
    async removeAdmin(id: string, ctx: RequestContext) {
      if (ctx.actor?.id === id) throw conflict('You cannot remove your own account');
      return db.transaction(async (tx) => {
        await tx.execute(ACCESS_LOCK);
        const held = await heldPermissions(tx, ctx);
        const { rows: [target] } = await tx.execute<{ id: string; email: string; status: string; slug: string; title: string; permissions: string[] }>(
          sql`SELECT s.id, s.email, s.status, r.slug, r.title, r.permissions FROM staff s JOIN roles r ON r.id = s.role_id WHERE s.id = ${id} FOR UPDATE OF s`,
        );
        if (!target || target.status === 'removed') throw notFound('Admin');
        // Removing someone is an act on all they may do: a clerk cannot remove a Super Admin.
        assertHolds(held, target.permissions, 'You cannot remove an admin who holds');
        if (target.slug === ROLE_SLUGS.superAdmin) await assertAnotherSuperAdmin(tx, id);
        await tx.execute(sql`UPDATE staff SET status = 'removed', updated_at = now() WHERE id = ${id} AND status <> 'removed'`);
        const revoked = await tx.execute(sql`UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = ${id} AND revoked_at IS NULL`);
        await writeAudit(tx, ctx, {
          action: 'admin.remove', targetType: 'staff', targetId: id,
          before: { email: target.email, status: target.status, role: target.title },
          after: { status: 'removed', revokedSessions: revoked.rowCount ?? 0 },
        });
        return { _id: id, email: target.email, status: 'removed', revokedSessions: revoked.rowCount ?? 0 };
      });
    },

    /**
     * Moves an admin to another role; their next call is checked against the new role. The caller
     * must hold every permission of the new role and of the admin's current one (a clerk can
     * neither promote anyone past themselves nor demote a Super Admin), and never changes their own.
     */
    async changeAdminRole(id: string, roleId: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        await tx.execute(ACCESS_LOCK);
        const held = await heldPermissions(tx, ctx);
        const [role] = await tx.select().from(roles).where(eq(roles.id, roleId)).for('share');
        if (!role || !role.isActive) throw badRequest('Choose an active role', { roleId: ['No active role with this id'] });
        const { rows: [target] } = await tx.execute<{ id: string; email: string; status: string; slug: string; title: string; role_id: string; permissions: string[] }>(
          sql`SELECT s.id, s.email, s.status, s.role_id, r.slug, r.title, r.permissions FROM staff s JOIN roles r ON r.id = s.role_id WHERE s.id = ${id} FOR UPDATE OF s`,
        );
        if (!target || target.status === 'removed') throw notFound('Admin');
        assertHolds(held, role.permissions, 'You cannot grant');
        if (ctx.actor?.id === id) throw forbidden('You cannot change your own role');
        assertHolds(held, target.permissions, 'You cannot change the role of an admin who holds');
        if (target.role_id === role.id) throw conflict(`This admin already has the role ${role.title}`);
        if (target.slug === ROLE_SLUGS.superAdmin && role.slug !== ROLE_SLUGS.superAdmin) await assertAnotherSuperAdmin(tx, id);
        await tx.execute(sql`UPDATE staff SET role_id = ${role.id}, updated_at = now() WHERE id = ${id}`);
        await writeAudit(tx, ctx, { action: 'admin.role', targetType: 'staff', targetId: id, before: { role: target.title }, after: { role: role.title } });
        return { _id: id, email: target.email, role: { _id: role.id, title: role.title } };
      });
    },

    async createRole(body: { title: string; description: string; permissions: string[] }, ctx: RequestContext) {
      const permissions = checkPermissions(body.permissions);
      return db.transaction(async (tx) => {
        await tx.execute(ACCESS_LOCK);
        assertHolds(await heldPermissions(tx, ctx), permissions, 'You cannot grant');
        const [row] = await tx
          .insert(roles)
          .values({ title: body.title, slug: `${slugOf(body.title)}-${Date.now().toString(36)}`, description: body.description, permissions })
          .onConflictDoNothing()
          .returning();
        if (!row) throw conflict('A role with this title already exists');
        await writeAudit(tx, ctx, { action: 'role.create', targetType: 'role', targetId: row.id, after: { title: row.title, description: row.description, permissions } });
        return roleOut(row);
      });
    },

    /**
     * Requires passkeys of a role's members, or stops requiring them (docs/operations.md,
     * "Passkeys"). Unlike the role's permissions, this applies to the role the caller holds too:
     * it takes no access away and gives none, it only changes how its members sign in, and
     * otherwise nobody could ever require passkeys of Super Admins. Built-in roles included.
     */
    async setRolePasskeys(id: string, requirePasskey: boolean, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        await tx.execute(ACCESS_LOCK);
        const held = await heldPermissions(tx, ctx);
        const [before] = await tx.select().from(roles).where(and(eq(roles.id, id), isNull(roles.deletedAt))).for('update');
        if (!before) throw notFound('Role');
        assertHolds(held, before.permissions, 'You cannot change the sign-in of a role that holds');
        if (before.requirePasskey === requirePasskey) {
          throw conflict(requirePasskey ? `${before.title} already requires passkeys` : `${before.title} does not require passkeys`);
        }
        await tx.update(roles).set({ requirePasskey, updatedAt: new Date() }).where(eq(roles.id, id));
        await writeAudit(tx, ctx, { action: 'role.passkeys', targetType: 'role', targetId: id, before: { requirePasskey: before.requirePasskey }, after: { requirePasskey } });
        return { _id: id, title: before.title, requirePasskey };
      });
    },

    async updateRole(id: string, body: { title: string; description: string; permissions: string[] }, ctx: RequestContext) {
      const permissions = checkPermissions(body.permissions);
      return db.transaction(async (tx) => {
        await tx.execute(ACCESS_LOCK);
        const held = await heldPermissions(tx, ctx);
        const [before] = await tx.select().from(roles).where(and(eq(roles.id, id), isNull(roles.deletedAt))).for('update');
        if (!before) throw notFound('Role');
        if (before.isSystem) throw conflict('Built-in roles follow the permission catalogue and cannot be modified');
        // Nobody changes their own access, not even downwards: the role's other holders answer to someone else.
        if (held.roleId === id) throw forbidden('You cannot modify the role you hold: another admin must');
        // Both sides: a role beyond the editor's reach is not theirs to cut down or to rename.
        assertHolds(held, before.permissions, 'You cannot modify a role that holds');
        assertHolds(held, permissions, 'You cannot grant');
        const [clash] = await tx.select({ id: roles.id }).from(roles).where(sql`${roles.title} = ${body.title} AND ${roles.id} <> ${id}`);
        if (clash) throw conflict('A role with this title already exists');
        const [row] = await tx.update(roles).set({ title: body.title, description: body.description, permissions, updatedAt: new Date() }).where(eq(roles.id, id)).returning();
        await writeAudit(tx, ctx, {
          action: 'role.update', targetType: 'role', targetId: id,
          before: { title: before.title, description: before.description, permissions: before.permissions },
          after: { title: row!.title, description: row!.description, permissions },
        });
        return roleOut(row!);
      });
    },

    async deleteRole(id: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        await tx.execute(ACCESS_LOCK);
        const [role] = await tx.select().from(roles).where(and(eq(roles.id, id), isNull(roles.deletedAt))).for('update');
        if (!role) throw notFound('Role');
        if (role.isSystem) throw conflict('Built-in roles cannot be deleted');
        assertHolds(await heldPermissions(tx, ctx), role.permissions, 'You cannot delete a role that holds');
        // The role row is locked: an admin cannot be given it between this check and the delete.
        const { rows: [held] } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM staff WHERE role_id = ${id} AND status <> 'removed'`);
        if (held!.n > 0) throw conflict(`This role is held by ${held!.n} admin${held!.n === 1 ? '' : 's'}: give them another role first`);
        const { rows: [removed] } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM staff WHERE role_id = ${id}`);
        if (removed!.n > 0) {
          // Removed admins still point at it (their audit history stays readable): switch it off instead.
          await tx.update(roles).set({ isActive: false, deletedAt: new Date(), title: `${role.title} (deleted ${id.slice(0, 8)})`, updatedAt: new Date() }).where(eq(roles.id, id));
        } else {
          await tx.delete(roles).where(eq(roles.id, id));
        }
        await writeAudit(tx, ctx, { action: 'role.delete', targetType: 'role', targetId: id, before: { title: role.title, permissions: role.permissions } });
        return { _id: id, title: role.title };
      });
    },

    async setupAdmin(body: { fullName: string; email: string; roleId: string }, ctx: RequestContext) {
      const temporaryPassword = randomPassword();
      const passwordHash = await hashPassword(temporaryPassword);
      const token = newToken();
      const expiresAt = new Date(Date.now() + ADMIN_INVITE_HOURS * 3_600_000);
      const { created, role } = await db.transaction(async (tx) => {
        await tx.execute(ACCESS_LOCK);
        const held = await heldPermissions(tx, ctx);
        const [role] = await tx.select().from(roles).where(eq(roles.id, body.roleId)).for('share');
        if (!role || !role.isActive) throw badRequest('Choose an active role', { roleId: ['No active role with this id'] });
        assertHolds(held, role.permissions, 'You cannot grant');
        const [row] = await tx
          .insert(staff)
          .values({ email: body.email, fullName: body.fullName, roleId: role.id, passwordHash, status: 'pending', mustChangePassword: true, createdBy: ctx.actor?.id })
          .onConflictDoNothing({ target: staff.email })
          .returning();
        if (!row) throw conflict('An admin with this email already exists');
        await tx.insert(staffInvites).values({ staffId: row.id, tokenHash: hashToken(token), expiresAt });
        await queueMail(tx, adminInviteMail({
          to: row.email,
          fullName: row.fullName,
          roleTitle: role.title,
          link: `${config.appUrl}/confirm-admin/${token}`,
          expiresAt,
          invitedBy: ctx.actor?.email ?? 'An administrator',
        }));
        await writeAudit(tx, ctx, {
          action: 'admin.create',
          targetType: 'staff',
          targetId: row.id,
          after: { email: row.email, fullName: row.fullName, role: role.title, status: row.status },
        });
        return { created: row, role };
      });
      return {
        _id: created.id,
        fullName: created.fullName,
        email: created.email,
        role: { _id: role.id, title: role.title },
        status: created.status,
        temporaryPassword,
        inviteExpiresAt: expiresAt.toISOString(),
      };
    },

    /** Confirms a setup link once: a guarded update, so a second use or an expired link fails. */
    async confirmSetup(token: string, ctx: RequestContext) {
      await db.transaction(async (tx) => {
        const [invite] = await tx
          .update(staffInvites)
          .set({ confirmedAt: new Date() })
          .where(and(eq(staffInvites.tokenHash, hashToken(token)), isNull(staffInvites.confirmedAt), gt(staffInvites.expiresAt, new Date())))
          .returning();
        if (!invite) throw badRequest('This setup link is invalid or has expired', { token: ['Invalid or expired'] });
        const [activated] = await tx
          .update(staff)
          .set({ status: 'active', updatedAt: new Date() })
          .where(and(eq(staff.id, invite.staffId), eq(staff.status, 'pending')))
          .returning();
        if (!activated) throw badRequest('This setup link is invalid or has expired', { token: ['Account is not pending'] });
        await writeAudit(tx, { ...ctx, actor: { id: activated.id, email: activated.email } }, {
          action: 'admin.confirm',
          targetType: 'staff',
          targetId: activated.id,
          before: { status: 'pending' },
          after: { status: 'active' },
        });
      });
    },
  };
}
