import { asc, count } from 'drizzle-orm';
import { schema, type Db } from '@vaultdesk/db';

const { customerRoles } = schema;

/** The customer roles, oldest first, one page. */
export async function listCustomerRoles(db: Db, page: number, pageSize: number) {
  const [records, [total]] = await Promise.all([
    db
      .select()
      .from(customerRoles)
      .orderBy(asc(customerRoles.createdAt), asc(customerRoles.title))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(customerRoles),
  ]);
  return {
    records: records.map((r) => ({ id: r.id, title: r.title, slug: r.slug, isActive: r.isActive })),
    currentPage: page,
    pageSize,
    totalRecords: total!.n,
  };
}
