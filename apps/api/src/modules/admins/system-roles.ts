import { sql } from 'drizzle-orm';
import { SYSTEM_ROLES } from '@vaultdesk/contract';
import { schema, type Db } from '@vaultdesk/db';

/**
 * Keeps the built-in roles in step with the permission catalogue of this release, so a
 * permission added with a new feature reaches Super Admin (and whoever else the catalogue
 * names) on the next start. Custom roles are left as their admins made them.
 */
export async function syncSystemRoles(db: Db) {
  for (const role of SYSTEM_ROLES) {
    await db
      .insert(schema.roles)
      .values({
        slug: role.slug,
        title: role.title,
        description: role.description,
        permissions: [...role.permissions],
        isSystem: true,
      })
      .onConflictDoUpdate({
        target: schema.roles.slug,
        set: {
          title: role.title,
          description: role.description,
          permissions: [...role.permissions],
          isSystem: true,
          updatedAt: sql`now()`,
        },
      });
  }
}
