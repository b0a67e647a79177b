import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { lockedProfileRow } from './user-profile-shared';

/** A customer's role changed to another active one (the same role is a 409), is_staff kept in step, audited. */
export async function changeRole(db: Db, body: { roleId: string; userId: string }, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    const { rows: roles } = await tx.execute(
      sql`SELECT id, title, slug, is_active FROM customer_roles WHERE id = ${body.roleId}`,
    );
    const role = roles[0] as { id: string; title: string; slug: string; is_active: boolean } | undefined;
    if (!role || !role.is_active)
      throw badRequest('Choose an active customer role', { roleId: ['No active customer role with this id'] });
    const before = await lockedProfileRow(tx, body.userId);
    const { rows: current } = await tx.execute(sql`
      SELECT id, title FROM customer_roles WHERE id = coalesce(${before.role_id}::uuid,
        (SELECT id FROM customer_roles WHERE slug = CASE WHEN ${before.is_staff} THEN 'staff' ELSE 'user' END))`);
    const was = current[0] as { id: string; title: string } | undefined;
    if (was?.id === role.id) throw conflict(`The user already has the role ${role.title}`);
    // is_staff mirrors the Staff role, so lists and the product that read the flag agree.
    const isStaff = role.slug === 'staff';
    await tx.execute(
      sql`UPDATE users SET role_id = ${role.id}, is_staff = ${isStaff}, updated_at = now() WHERE id = ${body.userId}`,
    );
    await writeAudit(tx, ctx, {
      action: 'user.role.change',
      targetType: 'user',
      targetId: body.userId,
      before: { roleId: was?.id ?? null, role: was?.title ?? null, isStaff: before.is_staff },
      after: { roleId: role.id, role: role.title, isStaff },
    });
    return { userId: body.userId, role: { _id: role.id, title: role.title }, isStaff };
  });
}
