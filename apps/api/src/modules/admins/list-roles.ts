import { asc, count, isNull } from 'drizzle-orm';
import { schema, type Db } from '@vaultdesk/db';
import { roleOut } from './admins-shared';
import { offsetPage } from '../../lists/page';

const { roles } = schema;

/** The staff roles not deleted, oldest first, one page. */
export function listRoles(db: Db, page: number, pageSize: number) {
  const live = isNull(roles.deletedAt);
  return offsetPage(
    { page, pageSize },
    {
      rows: async (limit, offset) =>
        (
          await db
            .select()
            .from(roles)
            .where(live)
            .orderBy(asc(roles.createdAt), asc(roles.title))
            .limit(limit)
            .offset(offset)
        ).map(roleOut),
      count: async () => (await db.select({ n: count() }).from(roles).where(live))[0]!.n,
    },
    { totalPage: false },
  );
}
