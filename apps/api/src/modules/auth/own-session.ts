import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Me } from '@vaultdesk/contract';
import { schema, type Db } from '@vaultdesk/db';
import type { AuthState } from '../../http/auth';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest, unauthenticated } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../credentials/credentials';

const { staff, staffSessions } = schema;

/** The signed-in account's own session: who it is, signing out, changing its password. */

export function me(auth: AuthState): Me {
  return {
    user: { id: auth.staffId, email: auth.email, fullName: auth.fullName },
    authRole: { name: auth.roleTitle, slug: auth.roleSlug, permissions: auth.permissions },
    enable2FA: auth.totpEnabled,
    mustChangePassword: auth.mustChangePassword,
    passkeySetupRequired: auth.passkeySetupRequired,
    expiresIn: auth.expiresAt.getTime(),
  };
}

export async function logout(db: Db, auth: AuthState, ctx: RequestContext) {
  await db.transaction(async (tx) => {
    await tx
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffSessions.id, auth.sessionId), isNull(staffSessions.revokedAt)));
    await writeAudit(tx, ctx, {
      action: 'auth.logout',
      targetType: 'staff',
      targetId: auth.staffId,
      after: { sessionId: auth.sessionId },
    });
  });
}

/** A new password ends every other session of the account. */
export async function updatePassword(
  db: Db,
  auth: AuthState,
  body: { currentPassword: string; password: string },
  ctx: RequestContext,
) {
  const [s] = await db.select().from(staff).where(eq(staff.id, auth.staffId));
  if (!s) throw unauthenticated();
  if (!(await verifyPassword(s.passwordHash, body.currentPassword))) {
    throw badRequest('Current password is incorrect', { currentPassword: ['Current password is incorrect'] });
  }
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date(), updatedAt: new Date() })
      .where(eq(staff.id, s.id));
    const revoked = await tx
      .update(staffSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(staffSessions.staffId, s.id), ne(staffSessions.id, auth.sessionId), isNull(staffSessions.revokedAt)),
      )
      .returning({ id: staffSessions.id });
    await writeAudit(tx, ctx, {
      action: 'auth.password.update',
      targetType: 'staff',
      targetId: s.id,
      after: { otherSessionsRevoked: revoked.length },
    });
    return { otherSessionsRevoked: revoked.length };
  });
}
