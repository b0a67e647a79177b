import { sql } from 'drizzle-orm';
import type { ApprovalStatus } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { actor, COLUMNS, expireDue, view, type Row, type Viewer } from './approval-requests';
import { offsetPage, sqlPageRead } from '../../lists/page';

/** The requests the viewer may decide or asked for, newest first. */
export async function listRequests(
  db: Db,
  query: { status: ApprovalStatus; page: number; pageSize: number },
  viewer: Viewer,
) {
  const me = actor(viewer.ctx);
  await db.transaction((tx) => expireDue(tx, viewer.ctx));
  const perms = `{${viewer.permissions.join(',')}}`;
  const where = sql`status = ${query.status} AND (permission = ANY(${perms}::text[]) OR requested_by = ${me.id})`;
  const read = sqlPageRead(
    db,
    sql`SELECT ${COLUMNS} FROM approval_requests WHERE ${where} ORDER BY created_at DESC, id DESC`,
    sql`approval_requests WHERE ${where}`,
    (r: Row) => view(r, { id: me.id, permissions: viewer.permissions }),
  );
  return offsetPage(query, read, { totalPage: false });
}

/** How many wait for the viewer (someone else asked, the viewer holds the permission), and how many of the viewer's own wait. */
export async function countRequests(db: Db, viewer: Viewer) {
  const me = actor(viewer.ctx);
  const perms = `{${viewer.permissions.join(',')}}`;
  const {
    rows: [c],
  } = await db.execute<{ awaiting: number; mine: number }>(sql`
    SELECT count(*) FILTER (WHERE requested_by <> ${me.id} AND permission = ANY(${perms}::text[]))::int AS awaiting,
           count(*) FILTER (WHERE requested_by = ${me.id})::int AS mine
      FROM approval_requests WHERE status = 'pending' AND expires_at > now()`);
  return { awaitingMe: c!.awaiting, mine: c!.mine };
}
