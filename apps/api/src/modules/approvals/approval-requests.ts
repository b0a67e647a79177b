import { sql } from 'drizzle-orm';
import { APPROVAL_STATUS_INFO, type ApprovalRequest, type ApprovalStatus } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, unauthenticated } from '../../http/errors';
import type { Snapshot } from './approval-actions';

/** What the approval operations share: the request row and its view, the expiry sweep, the checks on a decision. */

export type Row = {
  id: string;
  kind: ApprovalRequest['kind'];
  action: string;
  permission: string;
  payload: ApprovalRequest['payload'];
  summary: string;
  amount_usd: string | null;
  snapshot: Snapshot;
  reason: string;
  status: ApprovalStatus;
  requested_by: string;
  requested_by_email: string;
  decided_by: string | null;
  decided_by_email: string | null;
  decision_comment: string | null;
  result: unknown;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  expired_now: boolean;
};

export const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
export const COLUMNS = sql`id, kind, action, permission, payload, summary, trim_scale(amount_usd)::text AS amount_usd, snapshot, reason, status,
  requested_by, requested_by_email::text AS requested_by_email, decided_by, decided_by_email::text AS decided_by_email, decision_comment, result,
  ${ts('created_at')} AS created_at, ${ts('expires_at')} AS expires_at, ${ts('decided_at')} AS decided_at, expires_at <= now() AS expired_now`;

export const view = (r: Row, viewer: { id: string; permissions: readonly string[] }): ApprovalRequest => ({
  _id: r.id,
  kind: r.kind,
  action: r.action,
  permission: r.permission,
  summary: r.summary,
  payload: r.payload,
  amountUsd: r.amount_usd,
  snapshot: r.snapshot,
  reason: r.reason,
  status: r.status,
  requestedBy: { _id: r.requested_by, email: r.requested_by_email },
  decidedBy: r.decided_by ? { _id: r.decided_by, email: r.decided_by_email ?? '' } : null,
  decisionComment: r.decision_comment,
  result: r.result ?? null,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  decidedAt: r.decided_at,
  canDecide:
    r.status === 'pending' &&
    !r.expired_now &&
    r.requested_by !== viewer.id &&
    viewer.permissions.includes(r.permission),
  canCancel: r.status === 'pending' && !r.expired_now && r.requested_by === viewer.id,
});

export type Viewer = { ctx: RequestContext; permissions: readonly string[] };

export const actor = (ctx: RequestContext) => {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
};

/** Pending requests past their expiry become expired, each audited (by no one: the clock). */
export async function expireDue(tx: Tx, ctx: RequestContext, onlyId?: string) {
  const { rows } = await tx.execute<{ id: string; action: string; summary: string; requested_by_email: string }>(sql`
    UPDATE approval_requests SET status = 'expired', decided_at = now()
     WHERE status = 'pending' AND expires_at <= now() ${onlyId ? sql`AND id = ${onlyId}` : sql``}
    RETURNING id, action, summary, requested_by_email::text AS requested_by_email`);
  for (const r of rows) {
    await writeAudit(
      tx,
      { ...ctx, actor: null },
      {
        action: 'approval.expire',
        targetType: 'approval_request',
        targetId: r.id,
        before: { status: 'pending' },
        after: { status: 'expired', action: r.action, summary: r.summary, requestedBy: r.requested_by_email },
      },
    );
  }
  return rows.length;
}

export async function lockedRequest(tx: Tx, id: string) {
  const {
    rows: [r],
  } = await tx.execute<Row>(sql`SELECT ${COLUMNS} FROM approval_requests WHERE id = ${id} FOR UPDATE`);
  if (!r) throw new AppError('NOT_FOUND', 'Approval request not found');
  return r;
}

export function assertPending(r: Row) {
  if (r.status !== 'pending')
    throw conflict(
      `This request is no longer awaiting approval: ${APPROVAL_STATUS_INFO[r.status].label.toLowerCase()}${r.decided_by_email ? ` by ${r.decided_by_email}` : ''}`,
    );
}

/** A decider is another member of staff who holds the action's permission. */
export function assertDecider(r: Row, viewer: Viewer, doing: string) {
  const me = actor(viewer.ctx);
  if (r.requested_by === me.id)
    throw forbidden(`You asked for this yourself: a different member of staff must ${doing} it (you can cancel it)`);
  if (!viewer.permissions.includes(r.permission))
    throw forbidden(`You cannot ${doing} this request: it needs the permission ${r.permission}`);
}

/**
 * The newest change, within the cooling-off, that `actor` made to `subject`'s account or role:
 * directly (the audit trail: `actor` as actor, `subject`'s account or role as target) or through
 * an approval request `actor` asked for and someone approved. Requiring passkeys of a role only
 * tightens its sign-in and does not count.
 */
async function changedWithin(tx: Tx, actorId: string, subjectId: string, days: number) {
  const {
    rows: [hit],
  } = await tx.execute<{ action: string }>(sql`
    WITH s AS (SELECT id::text AS id, role_id::text AS role_id FROM staff WHERE id = ${subjectId}),
         since AS (SELECT now() - make_interval(days => ${days}) AS t)
    SELECT action FROM (
      SELECT a.action, a.at FROM audit_log a, s, since
       WHERE a.actor_id = ${actorId} AND a.at > since.t
         AND ((a.target_type = 'staff' AND a.target_id = s.id) OR (a.target_type = 'role' AND a.target_id = s.role_id))
         AND NOT (a.action = 'role.passkeys' AND a.after->>'requirePasskey' = 'true')
      UNION ALL
      SELECT q.action, q.decided_at FROM approval_requests q, s, since
       WHERE q.requested_by = ${actorId} AND q.status = 'approved' AND q.decided_at > since.t
         AND ((q.action = 'admin.create' AND q.result->>'_id' = s.id)
           OR (q.action IN ('admin.role', 'admin.remove') AND q.payload->'params'->>'id' = s.id)
           OR (q.action = 'role.create' AND q.result->>'_id' = s.role_id)
           OR (q.action IN ('role.update', 'role.delete', 'role.passkeys') AND q.payload->'params'->>'id' = s.role_id))
    ) x ORDER BY at DESC LIMIT 1`);
  return hit?.action ?? null;
}

/**
 * Four eyes that one person cannot take apart: within the policy's cooling-off, the approver
 * may not be an account (or hold a role) that the requester created or changed, nor the one who
 * created or changed the requester's: whoever made an account may hold its credentials. 403.
 */
export async function assertIndependent(tx: Tx, r: Row, approverId: string, coolingOffDays: number) {
  if (coolingOffDays <= 0) return;
  const tail = `within the cooling-off of ${coolingOffDays} days. Another member of staff must approve it`;
  const theirs = await changedWithin(tx, r.requested_by, approverId, coolingOffDays);
  if (theirs)
    throw forbidden(
      `You cannot approve this: ${r.requested_by_email} created or changed your account or role (${theirs}) ${tail}`,
    );
  const mine = await changedWithin(tx, approverId, r.requested_by, coolingOffDays);
  if (mine)
    throw forbidden(
      `You cannot approve this: you created or changed the account or role of ${r.requested_by_email} (${mine}) ${tail}`,
    );
}

/** Marks an expired request (committed), then answers 409. */
export async function refuseExpired(db: Db, id: string, ctx: RequestContext): Promise<never> {
  await db.transaction((tx) => expireDue(tx, ctx, id));
  throw conflict('This request has expired and can no longer be approved: ask again if it is still needed');
}

/**
 * One decision on a request: locks it, refuses one that is no longer pending, marks an expired one
 * (then answers 409), checks the decider, and runs `decide` in the same transaction.
 */
export async function decideRequest<T>(
  db: Db,
  id: string,
  viewer: Viewer,
  doing: 'approve' | 'reject',
  decide: (tx: Tx, r: Row, me: ReturnType<typeof actor>) => Promise<T>,
): Promise<T> {
  const me = actor(viewer.ctx);
  const outcome = await db.transaction(async (tx) => {
    const r = await lockedRequest(tx, id);
    assertPending(r);
    if (r.expired_now) return { expired: true as const };
    assertDecider(r, viewer, doing);
    return { expired: false as const, value: await decide(tx, r, me) };
  });
  return outcome.expired ? refuseExpired(db, id, viewer.ctx) : outcome.value;
}
