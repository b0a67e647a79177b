import type { Db } from '@vaultdesk/db';
import { isoReq, profileExists, type Row } from './user-profile-shared';

/** The user types a customer belongs to, by name; an unknown customer is a 404. */
export async function listUserTypes(db: Db, userId: string) {
  const { rows } = await db.$client.query(
    `SELECT ut.id, ut.name::text AS name, uu.created_at FROM user_usertypes uu JOIN user_types ut ON ut.id = uu.user_type_id
      WHERE uu.user_id = $1 ORDER BY ut.name`,
    [userId],
  );
  if (!rows.length) await profileExists(db, userId);
  return {
    records: rows.map((r: Row) => ({
      _id: r.id as string,
      usertype: { _id: r.id as string, name: r.name as string },
      createdAt: isoReq(r.created_at),
    })),
  };
}
