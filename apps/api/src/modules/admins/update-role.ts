import { eq, sql } from 'drizzle-orm';
import { schema, type Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict, forbidden, isUniqueViolation } from '../../http/errors';
import { ACCESS_LOCK, assertHolds, checkPermissions, heldPermissions, lockedRole, roleOut } from './admins-shared';

const { roles } = schema;
const TITLE_TAKEN = 'A role with this title already exists';

/** A role renamed or given other permissions, within the editor's reach and never their own role, audited. */
export async function updateRole(
  db: Db,
  id: string,
  body: { title: string; description: string; permissions: string[] },
  ctx: RequestContext,
) {
  const permissions = checkPermissions(body.permissions);
  return db.transaction(async (tx) => {
    await tx.execute(ACCESS_LOCK);
    const held = await heldPermissions(tx, ctx);
    const before = await lockedRole(tx, id);
    if (before.isSystem) throw conflict('Built-in roles follow the permission catalogue and cannot be modified');
    // Nobody changes their own access, not even downwards: the role's other holders answer to someone else.
    if (held.roleId === id) throw forbidden('You cannot modify the role you hold: another admin must');
    // Both sides: a role beyond the editor's reach is not theirs to cut down or to rename.
    assertHolds(held, before.permissions, 'You cannot modify a role that holds');
    assertHolds(held, permissions, 'You cannot grant');
    // One title as people read it (case, full-width forms, spacing): migration 0039's folded_title.
    const [clash] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(sql`folded_title(${roles.title}) = folded_title(${body.title}) AND ${roles.id} <> ${id}`);
    if (clash) throw conflict(TITLE_TAKEN);
    const [row] = await tx
      .update(roles)
      .set({ title: body.title, description: body.description, permissions, updatedAt: new Date() })
      .where(eq(roles.id, id))
      .returning()
      .catch((e: unknown) => {
        // A rename to the same title at the same moment: the unique indexes answer.
        if (isUniqueViolation(e, 'roles_title_folded_key') || isUniqueViolation(e, 'roles_title_unique'))
          throw conflict(TITLE_TAKEN);
        throw e;
      });
    await writeAudit(tx, ctx, {
      action: 'role.update',
      targetType: 'role',
      targetId: id,
      before: { title: before.title, description: before.description, permissions: before.permissions },
      after: { title: row!.title, description: row!.description, permissions },
    });
    return roleOut(row!);
  });
}
