import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, isUniqueViolation } from '../../http/errors';
import { typeOut, type TypeRow } from './agent-rows';

/** The user type catalogue: list, add, rename and delete a type. */

const isForeignKeyViolation = (e: unknown) =>
  (e as { code?: string })?.code === '23503' || (e as { cause?: { code?: string } })?.cause?.code === '23503';

const typeTaken = () => conflict('A UserType with this name already exists');
const typeNotFound = () => new AppError('NOT_FOUND', 'UserType not found');

/** A type locked for a rename or a delete (404 if none). */
async function lockedType(tx: Tx, id: string) {
  const {
    rows: [type],
  } = await tx.execute<TypeRow>(
    sql`SELECT id, name::text AS name, created_at FROM user_types WHERE id = ${id} FOR UPDATE`,
  );
  if (!type) throw typeNotFound();
  return type;
}

/** A name another type already has answers 409, also when the unique index catches a race. */
async function nameOnce<T>(write: () => Promise<T>) {
  try {
    return await write();
  } catch (e) {
    // The name itself, or the name as people read it (full-width forms, spacing; migration 0039).
    if (isUniqueViolation(e, 'user_types_name_unique') || isUniqueViolation(e, 'user_types_name_folded_key'))
      throw typeTaken();
    throw e;
  }
}

export async function listTypes(db: Db) {
  // A handful of types in practice; the cap keeps a runaway table from filling the page.
  const { rows } = await db.execute<TypeRow>(
    sql`SELECT id, name::text AS name, created_at FROM user_types ORDER BY name LIMIT 500`,
  );
  return { userTypes: rows.map(typeOut) };
}

export async function addType(db: Db, name: string, ctx: RequestContext) {
  return nameOnce(() =>
    db.transaction(async (tx) => {
      const {
        rows: [row],
      } = await tx.execute<TypeRow>(sql`
        INSERT INTO user_types (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING RETURNING id, name::text AS name, created_at`);
      if (!row) throw typeTaken();
      await writeAudit(tx, ctx, {
        action: 'userType.create',
        targetType: 'user_type',
        targetId: row.id,
        after: { name: row.name },
      });
      return typeOut(row);
    }),
  );
}

export async function renameType(db: Db, id: string, name: string, ctx: RequestContext) {
  return nameOnce(() =>
    db.transaction(async (tx) => {
      const before = await lockedType(tx, id);
      const {
        rows: [row],
      } = await tx.execute<TypeRow>(sql`
        UPDATE user_types SET name = ${name} WHERE id = ${id} RETURNING id, name::text AS name, created_at`);
      await writeAudit(tx, ctx, {
        action: 'userType.update',
        targetType: 'user_type',
        targetId: id,
        before: { name: before.name },
        after: { name: row!.name },
      });
      return typeOut(row!);
    }),
  );
}

/** A type still held by users is not deleted: its agents are removed from it first. */
export async function deleteType(db: Db, id: string, ctx: RequestContext) {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockedType(tx, id);
      const {
        rows: [held],
      } = await tx.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM (SELECT 1 FROM user_usertypes WHERE user_type_id = ${id} LIMIT 1) x`);
      if (held!.n > 0) throw conflict(`UserType ${before.name} is still held by users: remove them as agents first`);
      await tx.execute(sql`DELETE FROM user_types WHERE id = ${id}`);
      await writeAudit(tx, ctx, {
        action: 'userType.delete',
        targetType: 'user_type',
        targetId: id,
        before: { name: before.name },
      });
      return { _id: id };
    });
  } catch (e) {
    // An assignment committed between the check and the delete.
    if (isForeignKeyViolation(e)) throw conflict('UserType is still held by users: remove them as agents first');
    throw e;
  }
}
