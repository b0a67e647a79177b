import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import { ADMIN_INVITE_HOURS, PERMISSIONS } from '@vaultdesk/contract';
import { schema, type Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import { writeAudit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { hashPassword, hashToken, newToken, randomPassword } from '../../http/security';
import { adminInviteMail, queueMail } from '../mail/mail.service';

const { staff, roles, staffInvites, customerRoles } = schema;

export function createAdminsService(db: Db, config: Config) {
  return {
    permissions() {
      return { permissions: Object.entries(PERMISSIONS).map(([key, description]) => ({ key, description })) };
    },

    async listRoles(page: number, pageSize: number) {
      const [records, [total]] = await Promise.all([
        db.select().from(roles).orderBy(asc(roles.createdAt), asc(roles.title)).limit(pageSize).offset((page - 1) * pageSize),
        db.select({ n: count() }).from(roles),
      ]);
      return {
        records: records.map((r) => ({ _id: r.id, id: r.id, title: r.title, slug: r.slug, description: r.description, permissions: r.permissions, isActive: r.isActive })),
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

    async setupAdmin(body: { fullName: string; email: string; roleId: string }, ctx: RequestContext) {
      const [role] = await db.select().from(roles).where(eq(roles.id, body.roleId));
      if (!role || !role.isActive) throw badRequest('Choose an active role', { roleId: ['No active role with this id'] });
      const temporaryPassword = randomPassword();
      const passwordHash = await hashPassword(temporaryPassword);
      const token = newToken();
      const expiresAt = new Date(Date.now() + ADMIN_INVITE_HOURS * 3_600_000);
      const created = await db.transaction(async (tx) => {
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
        return row;
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
