import { eq } from 'drizzle-orm';
import { schema, type Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { ACCESS_LOCK, assertHolds, heldPermissions, lockedRole } from './admins-shared';

const { roles } = schema;

/**
 * Requires passkeys of a role's members, or stops requiring them (docs/operations.md,
 * "Passkeys"). Unlike the role's permissions, this applies to the role the caller holds too:
 * it takes no access away and gives none, it only changes how its members sign in, and
 * otherwise nobody could ever require passkeys of Super Admins. Built-in roles included.
 */
export async function setRolePasskeys(db: Db, id: string, requirePasskey: boolean, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    await tx.execute(ACCESS_LOCK);
    const held = await heldPermissions(tx, ctx);
    const before = await lockedRole(tx, id);
    assertHolds(held, before.permissions, 'You cannot change the sign-in of a role that holds');
    if (before.requirePasskey === requirePasskey) {
      throw conflict(
        requirePasskey ? `${before.title} already requires passkeys` : `${before.title} does not require passkeys`,
      );
    }
    await tx.update(roles).set({ requirePasskey, updatedAt: new Date() }).where(eq(roles.id, id));
    await writeAudit(tx, ctx, {
      action: 'role.passkeys',
      targetType: 'role',
      targetId: id,
      before: { requirePasskey: before.requirePasskey },
      after: { requirePasskey },
    });
    return { _id: id, title: before.title, requirePasskey };
  });
}
