import { asc, count } from 'drizzle-orm';
import { schema, type Db } from '@vaultdesk/db';
import { offsetPage } from '../../lists/page';

const { customerRoles } = schema;

/** The customer roles, oldest first, one page. */
export function listCustomerRoles(db: Db, page: number, pageSize: number) {
  return offsetPage(
    { page, pageSize },
    {
      rows: async (limit, offset) =>
        (
          await db
            .select()
            .from(customerRoles)
            .orderBy(asc(customerRoles.createdAt), asc(customerRoles.title))
            .limit(limit)
            .offset(offset)
        ).map((r) => ({ id: r.id, title: r.title, slug: r.slug, isActive: r.isActive })),
      count: async () => (await db.select({ n: count() }).from(customerRoles))[0]!.n,
    },
    { totalPage: false },
  );
}
