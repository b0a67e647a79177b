import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import { COLUMNS, decideRequest, view, type Row, type Viewer } from './approval-requests';

/** Rejection changes nothing but the request. */
export async function rejectRequest(db: Db, id: string, comment: string | undefined, viewer: Viewer) {
  return decideRequest(db, id, viewer, 'reject', async (tx, r, me) => {
    const {
      rows: [done],
    } = await tx.execute<Row>(sql`
      UPDATE approval_requests SET status = 'rejected', decided_by = ${me.id}, decided_by_email = ${me.email}, decided_at = now(), decision_comment = ${comment ?? null}
       WHERE id = ${id} AND status = 'pending' RETURNING ${COLUMNS}`);
    await writeAudit(tx, viewer.ctx, {
      action: 'approval.reject',
      targetType: 'approval_request',
      targetId: id,
      before: { status: 'pending', requestedBy: r.requested_by_email },
      after: { status: 'rejected', action: r.action, summary: r.summary, comment: comment ?? null },
    });
    return view(done!, { id: me.id, permissions: viewer.permissions });
  });
}
