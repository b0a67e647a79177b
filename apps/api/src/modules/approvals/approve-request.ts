import { sql } from 'drizzle-orm';
import type { ApprovalRequest } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import { conflict } from '../../http/errors';
import type { ActionDef, ActionInput } from './approval-actions';
import { currentPolicy } from './approval-policy.service';
import { assertIndependent, COLUMNS, decideRequest, view, type Row, type Viewer } from './approval-requests';

/** Secrets an action answers with never go into the stored result (the new admin's temporary password). */
const storable = (result: unknown) => {
  if (!result || typeof result !== 'object') return result ?? null;
  const { temporaryPassword: _secret, ...rest } = result as Record<string, unknown>;
  return rest;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const shown = (v: unknown) => (v === null || v === undefined ? 'none' : String(v));

/**
 * Carries the request out exactly once: the request row is locked, must still be pending and
 * unexpired, asked by someone else, and its target as it was when asked; the action runs with
 * the approver as the actor (so the approver must hold what it grants) in the same
 * transaction as the request's guarded move to approved.
 */
export async function approveRequest(
  db: Db,
  actions: Record<string, ActionDef>,
  id: string,
  viewer: Viewer,
): Promise<{ request: ApprovalRequest; result: unknown }> {
  return decideRequest(db, id, viewer, 'approve', async (tx, r, me) => {
    await assertIndependent(tx, r, me.id, (await currentPolicy(tx)).policy.coolingOffDays);
    const def = actions[r.action];
    if (!def) throw conflict(`This request's action (${r.action}) is no longer known: reject it`);
    const input: ActionInput = { params: r.payload.params, body: r.payload.body as Record<string, unknown> };
    const now = await def.snapshot(tx, input);
    for (const [what, then] of Object.entries(r.snapshot)) {
      if (!same(then, now[what])) {
        throw conflict(
          `This request can no longer be approved: ${what} changed since it was asked (it was ${shown(then)}, it is ${shown(now[what])} now). Reject it, and ask again if it is still needed`,
        );
      }
    }
    const result = await def.execute(tx, viewer.ctx, input, viewer.permissions, {
      id: r.id,
      requestedBy: r.requested_by,
    });
    const {
      rows: [done],
    } = await tx.execute<Row>(sql`
      UPDATE approval_requests SET status = 'approved', decided_by = ${me.id}, decided_by_email = ${me.email}, decided_at = now(),
             result = ${JSON.stringify(storable(result))}::jsonb
       WHERE id = ${id} AND status = 'pending' RETURNING ${COLUMNS}`);
    if (!done) throw conflict('This request is no longer awaiting approval');
    await writeAudit(tx, viewer.ctx, {
      action: 'approval.approve',
      targetType: 'approval_request',
      targetId: id,
      before: { status: 'pending', requestedBy: r.requested_by_email, snapshot: r.snapshot },
      after: { status: 'approved', action: r.action, summary: r.summary, result: storable(result) },
    });
    return { request: view(done, { id: me.id, permissions: viewer.permissions }), result };
  });
}
