import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import { forbidden } from '../../http/errors';
import { actor, assertPending, COLUMNS, lockedRequest, view, type Row, type Viewer } from './approval-requests';

/** Only the requester cancels, while it waits. */
export async function cancelRequest(db: Db, id: string, viewer: Viewer) {
  const me = actor(viewer.ctx);
  return db.transaction(async (tx) => {
    const r = await lockedRequest(tx, id);
    if (r.requested_by !== me.id) throw forbidden('Only the member of staff who asked can cancel this request');
    assertPending(r);
    const {
      rows: [done],
    } = await tx.execute<Row>(sql`
      UPDATE approval_requests SET status = 'cancelled', decided_by = ${me.id}, decided_by_email = ${me.email}, decided_at = now()
       WHERE id = ${id} AND status = 'pending' RETURNING ${COLUMNS}`);
    await writeAudit(tx, viewer.ctx, {
      action: 'approval.cancel',
      targetType: 'approval_request',
      targetId: id,
      before: { status: 'pending' },
      after: { status: 'cancelled', action: r.action, summary: r.summary },
    });
    return view(done!, { id: me.id, permissions: viewer.permissions });
  });
}
