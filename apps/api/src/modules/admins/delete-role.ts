import { eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { ACCESS_LOCK, assertHolds, heldPermissions, lockedRole } from './admins-shared';

const { roles } = schema;

/** A role no admin holds deleted (switched off instead while removed admins point at it), audited. */
export async function deleteRole(db: Db, id: string, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    await tx.execute(ACCESS_LOCK);
    const role = await lockedRole(tx, id);
    if (role.isSystem) throw conflict('Built-in roles cannot be deleted');
    assertHolds(await heldPermissions(tx, ctx), role.permissions, 'You cannot delete a role that holds');
    // The role row is locked: an admin cannot be given it between this check and the delete.
    const {
      rows: [held],
    } = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM staff WHERE role_id = ${id} AND status <> 'removed'`,
    );
    if (held!.n > 0)
      throw conflict(`This role is held by ${held!.n} admin${held!.n === 1 ? '' : 's'}: give them another role first`);
    const {
      rows: [removed],
    } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM staff WHERE role_id = ${id}`);
    if (removed!.n > 0) {
      // Removed admins still point at it (their audit history stays readable): switch it off instead.
      await tx
        .update(roles)
        .set({
          isActive: false,
          deletedAt: new Date(),
          title: `${role.title} (deleted ${id.slice(0, 8)})`,
          updatedAt: new Date(),
        })
        .where(eq(roles.id, id));
    } else {
      await tx.delete(roles).where(eq(roles.id, id));
    }
    await writeAudit(tx, ctx, {
      action: 'role.delete',
      targetType: 'role',
      targetId: id,
      before: { title: role.title, permissions: role.permissions },
    });
    return { _id: id, title: role.title };
  });
}
