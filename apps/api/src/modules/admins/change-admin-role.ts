import { eq, sql } from 'drizzle-orm';
import { ROLE_SLUGS } from '@vaultdesk/contract';
import { schema, type Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { ACCESS_LOCK, assertAnotherSuperAdmin, assertHolds, heldPermissions, lockedAdmin } from './admins-shared';

const { roles } = schema;

/**
 * Moves an admin to another role; their next call is checked against the new role. The caller
 * must hold every permission of the new role and of the admin's current one (a clerk can
 * neither promote anyone past themselves nor demote a Super Admin), and never changes their own.
 */
export async function changeAdminRole(db: Db, id: string, roleId: string, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    await tx.execute(ACCESS_LOCK);
    const held = await heldPermissions(tx, ctx);
    const [role] = await tx.select().from(roles).where(eq(roles.id, roleId)).for('share');
    if (!role || !role.isActive) throw badRequest('Choose an active role', { roleId: ['No active role with this id'] });
    const target = await lockedAdmin(tx, id);
    assertHolds(held, role.permissions, 'You cannot grant');
    if (ctx.actor?.id === id) throw forbidden('You cannot change your own role');
    assertHolds(held, target.permissions, 'You cannot change the role of an admin who holds');
    if (target.role_id === role.id) throw conflict(`This admin already has the role ${role.title}`);
    if (target.slug === ROLE_SLUGS.superAdmin && role.slug !== ROLE_SLUGS.superAdmin)
      await assertAnotherSuperAdmin(tx, id);
    await tx.execute(sql`UPDATE staff SET role_id = ${role.id}, updated_at = now() WHERE id = ${id}`);
    await writeAudit(tx, ctx, {
      action: 'admin.role',
      targetType: 'staff',
      targetId: id,
      before: { role: target.title },
      after: { role: role.title },
    });
    return { _id: id, email: target.email, role: { _id: role.id, title: role.title } };
  });
}
