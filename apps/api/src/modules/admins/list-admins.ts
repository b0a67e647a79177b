import type { Db } from '@vaultdesk/db';
import { pageOffset, pagePayload } from '../../lists/page';

/** The admins not removed, oldest first, one page, with their role. */
export async function listAdmins(db: Db, page: number, pageSize: number) {
  // Admins are a few hundred at most: a plain page with an exact count is fine here.
  const { rows } = await db.$client.query<{
    id: string;
    full_name: string;
    email: string;
    last_login_at: Date | null;
    role_id: string;
    title: string;
    status: string;
    created_at: Date;
  }>(
    `SELECT s.id, s.full_name, s.email, s.last_login_at, s.role_id, r.title, s.status, s.created_at
       FROM staff s JOIN roles r ON r.id = s.role_id
      WHERE s.status <> 'removed'
      ORDER BY s.created_at, s.id LIMIT $1 OFFSET $2`,
    [pageSize, pageOffset({ page, pageSize })],
  );
  const {
    rows: [total],
  } = await db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff WHERE status <> 'removed'`);
  const records = rows.map((r) => ({
    _id: r.id,
    fullName: r.full_name,
    email: r.email,
    lastLogin: r.last_login_at?.toISOString() ?? null,
    role: { _id: r.role_id, title: r.title },
    status: r.status,
    createdAt: r.created_at.toISOString(),
  }));
  return pagePayload({ page, pageSize }, records, total!.n, { currentPage: 'current', totalPage: false });
}
