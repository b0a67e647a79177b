import { eq } from 'drizzle-orm';
import { ADMIN_INVITE_HOURS } from '@vaultdesk/contract';
import { schema, type Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { hashPassword, hashToken, newToken, randomPassword } from '../../credentials/credentials';
import { adminInviteMail, queueMail } from '../mail/mail.service';
import { ACCESS_LOCK, assertHolds, heldPermissions } from './admins-shared';

const { staff, roles, staffInvites } = schema;

/**
 * A new admin, pending until they confirm the setup link mailed to them (valid ADMIN_INVITE_HOURS),
 * with a role whose permissions the caller holds; answers the temporary password once. Audited.
 */
export async function setupAdmin(
  db: Db,
  config: Pick<Config, 'appUrl'>,
  body: { fullName: string; email: string; roleId: string },
  ctx: RequestContext,
) {
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
      .values({
        email: body.email,
        fullName: body.fullName,
        roleId: role.id,
        passwordHash,
        status: 'pending',
        mustChangePassword: true,
        createdBy: ctx.actor?.id,
      })
      .onConflictDoNothing({ target: staff.email })
      .returning();
    if (!row) throw conflict('An admin with this email already exists');
    await tx.insert(staffInvites).values({ staffId: row.id, tokenHash: hashToken(token), expiresAt });
    await queueMail(
      tx,
      adminInviteMail({
        to: row.email,
        fullName: row.fullName,
        roleTitle: role.title,
        link: `${config.appUrl}/confirm-admin/${token}`,
        expiresAt,
        invitedBy: ctx.actor?.email ?? 'An administrator',
      }),
    );
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
}
