import { and, eq, isNull, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, PERMISSIONS, ROLE_SLUGS, permissionsInForce } from '@vaultdesk/contract';
import { schema, type Tx } from '@vaultdesk/db';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict, forbidden, unauthenticated } from '../../http/errors';

type RoleRow = typeof schema.roles.$inferSelect;
export const roleOut = (r: RoleRow) => ({
  _id: r.id,
  id: r.id,
  title: r.title,
  slug: r.slug,
  description: r.description,
  permissions: r.permissions,
  isActive: r.isActive,
  requirePasskey: r.requirePasskey,
});
export const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'role';
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** A role that is not deleted, locked for the change (404 otherwise). */
export async function lockedRole(tx: Tx, id: string) {
  const [role] = await tx
    .select()
    .from(schema.roles)
    .where(and(eq(schema.roles.id, id), isNull(schema.roles.deletedAt)))
    .for('update');
  if (!role) throw notFound('Role');
  return role;
}

/** An admin who is not removed, with their role, locked for the change (404 otherwise). */
export async function lockedAdmin(tx: Tx, id: string) {
  const {
    rows: [target],
  } = await tx.execute<{
    id: string;
    email: string;
    status: string;
    slug: string;
    title: string;
    role_id: string;
    permissions: string[];
  }>(
    sql`SELECT s.id, s.email, s.status, s.role_id, r.slug, r.title, r.permissions FROM staff s JOIN roles r ON r.id = s.role_id WHERE s.id = ${id} FOR UPDATE OF s`,
  );
  if (!target || target.status === 'removed') throw notFound('Admin');
  return target;
}

/** Unknown permission strings are refused by name, so a typo never silently grants nothing. */
export function checkPermissions(list: string[]) {
  const unknown = list.filter((p) => !(p in PERMISSIONS));
  if (unknown.length)
    throw badRequest('Unknown permissions', { permissions: [`Not in the catalogue: ${unknown.join(', ')}`] });
  return [...new Set(list)];
}

/**
 * Every change to who may do what (roles created, modified or deleted; admins created, given
 * another role or removed) serialises on one advisory lock, taken first in its transaction. So
 * two staff removing the last two Super Admins at once cannot both succeed, and a caller's own
 * permissions, read after the lock, cannot change before the change they check commits: a
 * demotion running at the same moment either commits first (and is seen) or waits.
 */
export const ACCESS_LOCK = sql`SELECT pg_advisory_xact_lock(hashtext('vaultdesk.access'))`;

/**
 * The caller's permissions as the database holds them now, read inside the transaction that
 * makes the change (never the session's cached copy). A switched-off role keeps only
 * self.account, as at sign-in. The rows are locked for share: a write made outside the API
 * (which takes no advisory lock) still waits for this change to commit.
 */
export async function heldPermissions(tx: Tx, ctx: RequestContext): Promise<ReadonlySet<string> & { roleId: string }> {
  if (!ctx.actor) throw unauthenticated();
  const {
    rows: [me],
  } = await tx.execute<{ role_id: string; permissions: string[]; is_active: boolean }>(
    sql`SELECT s.role_id, r.permissions, r.is_active FROM staff s JOIN roles r ON r.id = s.role_id
         WHERE s.id = ${ctx.actor.id} AND s.status = 'active' FOR SHARE OF s, r`,
  );
  if (!me) throw unauthenticated();
  return Object.assign(new Set(permissionsInForce({ isActive: me.is_active, permissions: me.permissions })), {
    roleId: me.role_id,
  });
}

/** The permissions of `wanted` the caller does not hold, in catalogue order. */
const lacking = (held: ReadonlySet<string>, wanted: readonly string[]) => {
  const rank = (p: string) => {
    const i = (ALL_PERMISSIONS as readonly string[]).indexOf(p);
    return i < 0 ? Infinity : i;
  };
  return [...new Set(wanted)].filter((p) => !held.has(p)).sort((a, b) => rank(a) - rank(b));
};

/** Refuses (403, nothing written) unless every permission of `wanted` is held; the message names the rest. */
export function assertHolds(held: ReadonlySet<string>, wanted: readonly string[], doing: string) {
  const missing = lacking(held, wanted);
  if (missing.length) throw forbidden(`${doing} permissions you do not hold: ${missing.join(', ')}`);
}

export async function assertAnotherSuperAdmin(tx: Tx, exceptId: string) {
  const {
    rows: [others],
  } = await tx.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM staff s JOIN roles r ON r.id = s.role_id
         WHERE r.slug = ${ROLE_SLUGS.superAdmin} AND s.status = 'active' AND s.id <> ${exceptId}`,
  );
  if (!others || others.n === 0) throw conflict('The last Super Admin cannot be removed or given another role');
}
