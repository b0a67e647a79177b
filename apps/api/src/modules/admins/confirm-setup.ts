import { and, eq, gt, isNull } from 'drizzle-orm';
import { schema, type Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { hashToken } from '../../credentials/credentials';

const { staff, staffInvites } = schema;

/** Confirms a setup link once: a guarded update, so a second use or an expired link fails. */
export async function confirmSetup(db: Db, token: string, ctx: RequestContext) {
  await db.transaction(async (tx) => {
    const [invite] = await tx
      .update(staffInvites)
      .set({ confirmedAt: new Date() })
      .where(
        and(
          eq(staffInvites.tokenHash, hashToken(token)),
          isNull(staffInvites.confirmedAt),
          gt(staffInvites.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!invite) throw badRequest('This setup link is invalid or has expired', { token: ['Invalid or expired'] });
    const [activated] = await tx
      .update(staff)
      .set({ status: 'active', updatedAt: new Date() })
      .where(and(eq(staff.id, invite.staffId), eq(staff.status, 'pending')))
      .returning();
    if (!activated)
      throw badRequest('This setup link is invalid or has expired', { token: ['Account is not pending'] });
    await writeAudit(
      tx,
      { ...ctx, actor: { id: activated.id, email: activated.email } },
      {
        action: 'admin.confirm',
        targetType: 'staff',
        targetId: activated.id,
        before: { status: 'pending' },
        after: { status: 'active' },
      },
    );
  });
}
