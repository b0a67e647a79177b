import { eq } from 'drizzle-orm';
import { schema, type Db, type Tx } from '@vaultdesk/db';

/** The staff account and its role as sign-in reads them. */

const { staff, roles, staffPasskeys } = schema;

export type StaffRow = typeof staff.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

export const hasPasskey = async (db: Db | Tx, staffId: string) =>
  (await db.select({ id: staffPasskeys.id }).from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId)).limit(1))
    .length > 0;

export const loadStaffByEmail = async (db: Db | Tx, email: string) => {
  const [row] = await db
    .select({ staff, role: roles })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(eq(staff.email, email))
    .limit(1);
  return row;
};
