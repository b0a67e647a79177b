import { schema, type Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { ACCESS_LOCK, assertHolds, checkPermissions, heldPermissions, roleOut, slugOf } from './admins-shared';

const { roles } = schema;

/**
 * A new role with permissions the caller holds, audited. A title already taken is a 409, also one
 * that differs only in case, full-width forms or spacing ("compliance", "ＣＯＭＰＬＩＡＮＣＥ").
 */
export async function createRole(
  db: Db,
  body: { title: string; description: string; permissions: string[] },
  ctx: RequestContext,
) {
  const permissions = checkPermissions(body.permissions);
  return db.transaction(async (tx) => {
    await tx.execute(ACCESS_LOCK);
    assertHolds(await heldPermissions(tx, ctx), permissions, 'You cannot grant');
    const [row] = await tx
      .insert(roles)
      .values({
        title: body.title,
        slug: `${slugOf(body.title)}-${Date.now().toString(36)}`,
        description: body.description,
        permissions,
      })
      // Any unique index: the title as people read it (roles_title_folded_key, migration 0039) or the slug.
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('A role with this title already exists');
    await writeAudit(tx, ctx, {
      action: 'role.create',
      targetType: 'role',
      targetId: row.id,
      after: { title: row.title, description: row.description, permissions },
    });
    return roleOut(row);
  });
}
