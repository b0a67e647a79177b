import { sql } from 'drizzle-orm';
import { ROLE_SLUGS } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { ACCESS_LOCK, assertAnotherSuperAdmin, assertHolds, heldPermissions, lockedAdmin } from './admins-shared';

/** Removes an admin: the account can no longer sign in and every open session ends now. */
export async function removeAdmin(db: Db, id: string, ctx: RequestContext) {
  if (ctx.actor?.id === id) throw conflict('You cannot remove your own account');
  return db.transaction(async (tx) => {
    await tx.execute(ACCESS_LOCK);
    const held = await heldPermissions(tx, ctx);
    const target = await lockedAdmin(tx, id);
    // Removing someone is an act on all they may do: a clerk cannot remove a Super Admin.
    assertHolds(held, target.permissions, 'You cannot remove an admin who holds');
    if (target.slug === ROLE_SLUGS.superAdmin) await assertAnotherSuperAdmin(tx, id);
    await tx.execute(
      sql`UPDATE staff SET status = 'removed', updated_at = now() WHERE id = ${id} AND status <> 'removed'`,
    );
    const revoked = await tx.execute(
      sql`UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = ${id} AND revoked_at IS NULL`,
    );
    await writeAudit(tx, ctx, {
      action: 'admin.remove',
      targetType: 'staff',
      targetId: id,
      before: { email: target.email, status: target.status, role: target.title },
      after: { status: 'removed', revokedSessions: revoked.rowCount ?? 0 },
    });
    return { _id: id, email: target.email, status: 'removed', revokedSessions: revoked.rowCount ?? 0 };
  });
}
