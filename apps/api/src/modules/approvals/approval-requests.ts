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
