import { asc, count, isNull } from 'drizzle-orm';
import { schema, type Db } from '@vaultdesk/db';
import { roleOut } from './admins-shared';

const { roles } = schema;

/** The staff roles not deleted, oldest first, one page. */
export async function listRoles(db: Db, page: number, pageSize: number) {
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(roles)
      .where(isNull(roles.deletedAt))
      .orderBy(asc(roles.createdAt), asc(roles.title))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(roles).where(isNull(roles.deletedAt)),
  ]);
  return {
    records: records.map(roleOut),
    currentPage: page,
    pageSize,
    totalRecords: total!.n,
  };
}
