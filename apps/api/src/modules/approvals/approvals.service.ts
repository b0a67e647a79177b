import { sql } from 'drizzle-orm';
import { APPROVAL_MESSAGES, APPROVAL_STATUS_INFO, type ApprovalAccepted, type ApprovalPolicy, type ApprovalRequest, type ApprovalStatus } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, forbidden, unauthenticated } from '../../http/errors';
import type { ActionDef, ActionInput, Snapshot } from './approval-actions';
import { currentPolicy } from './approval-policy.service';

type Row = {
  id: string; kind: ApprovalRequest['kind']; action: string; permission: string; payload: ApprovalRequest['payload']; summary: string;
  amount_usd: string | null; snapshot: Snapshot; reason: string; status: ApprovalStatus; requested_by: string; requested_by_email: string;
  decided_by: string | null; decided_by_email: string | null; decision_comment: string | null; result: unknown; created_at: string;
  expires_at: string; decided_at: string | null; expired_now: boolean;
};

const ts = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const COLUMNS = sql`id, kind, action, permission, payload, summary, trim_scale(amount_usd)::text AS amount_usd, snapshot, reason, status,
  requested_by, requested_by_email::text AS requested_by_email, decided_by, decided_by_email::text AS decided_by_email, decision_comment, result,
  ${ts('created_at')} AS created_at, ${ts('expires_at')} AS expires_at, ${ts('decided_at')} AS decided_at, expires_at <= now() AS expired_now`;

const view = (r: Row, viewer: { id: string; permissions: readonly string[] }): ApprovalRequest => ({
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
  canDecide: r.status === 'pending' && !r.expired_now && r.requested_by !== viewer.id && viewer.permissions.includes(r.permission),
  canCancel: r.status === 'pending' && !r.expired_now && r.requested_by === viewer.id,
});

/** Thrown inside the dry run's savepoint so that what the action wrote is rolled back. */
const DRY_RUN = Symbol('approval dry run');

/** Secrets an action answers with never go into the stored result (the new admin's temporary password). */
const storable = (result: unknown) => {
  if (!result || typeof result !== 'object') return result ?? null;
  const { temporaryPassword: _secret, ...rest } = result as Record<string, unknown>;
  return rest;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const shown = (v: unknown) => (v === null || v === undefined ? 'none' : String(v));

export type Viewer = { ctx: RequestContext; permissions: readonly string[] };

export function createApprovalsService(db: Db, actions: Record<string, ActionDef>) {
  const actor = (ctx: RequestContext) => { if (!ctx.actor) throw unauthenticated(); return ctx.actor; };

  /** Pending requests past their expiry become expired, each audited (by no one: the clock). */
  async function expireDue(tx: Tx, ctx: RequestContext, onlyId?: string) {
    const { rows } = await tx.execute<{ id: string; action: string; summary: string; requested_by_email: string }>(sql`
      UPDATE approval_requests SET status = 'expired', decided_at = now()
       WHERE status = 'pending' AND expires_at <= now() ${onlyId ? sql`AND id = ${onlyId}` : sql``}
      RETURNING id, action, summary, requested_by_email::text AS requested_by_email`);
    for (const r of rows) {
      await writeAudit(tx, { ...ctx, actor: null }, {
        action: 'approval.expire', targetType: 'approval_request', targetId: r.id,
        before: { status: 'pending' }, after: { status: 'expired', action: r.action, summary: r.summary, requestedBy: r.requested_by_email },
      });
    }
    return rows.length;
  }

  /** Whether the policy holds this call back, and the amount it is measured by. */
  async function holdsBack(tx: Tx, def: ActionDef, input: ActionInput, policy: ApprovalPolicy): Promise<{ amountUsd: string | null } | null> {
    if (def.covers && !def.covers(input)) return null;
    const rule = policy[def.kind];
    if ('required' in rule) return rule.required ? { amountUsd: null } : null;
    if (rule.thresholdUsd === null || !def.amountUsd) return null;
    const amountUsd = await def.amountUsd(tx, input);
    // No target (404) or nothing to move: the action's own service answers that.
    if (amountUsd === null) return null;
    const { rows: [cmp] } = await tx.execute<{ above: boolean }>(sql`SELECT ${amountUsd}::numeric > ${rule.thresholdUsd}::numeric AS above`);
    return cmp!.above ? { amountUsd } : null;
  }

  async function lockedRequest(tx: Tx, id: string) {
    const { rows: [r] } = await tx.execute<Row>(sql`SELECT ${COLUMNS} FROM approval_requests WHERE id = ${id} FOR UPDATE`);
    if (!r) throw new AppError('NOT_FOUND', 'Approval request not found');
    return r;
  }

  function assertPending(r: Row) {
    if (r.status !== 'pending') throw conflict(`This request is no longer awaiting approval: ${APPROVAL_STATUS_INFO[r.status].label.toLowerCase()}${r.decided_by_email ? ` by ${r.decided_by_email}` : ''}`);
  }

  /** A decider is another member of staff who holds the action's permission. */
  function assertDecider(r: Row, viewer: Viewer, doing: string) {
    const me = actor(viewer.ctx);
    if (r.requested_by === me.id) throw forbidden(`You asked for this yourself: a different member of staff must ${doing} it (you can cancel it)`);
    if (!viewer.permissions.includes(r.permission)) throw forbidden(`You cannot ${doing} this request: it needs the permission ${r.permission}`);
  }

  /** Marks an expired request (committed), then answers 409. */
  async function refuseExpired(id: string, ctx: RequestContext): Promise<never> {
    await db.transaction((tx) => expireDue(tx, ctx, id));
    throw conflict('This request has expired and can no longer be approved: ask again if it is still needed');
  }

  return {
    /**
     * Called before a covered route's handler: null when the policy lets the call through, else
     * the stored request (202). The call is tried first in a savepoint rolled back at once, with
     * the requester as the actor: a request the service would refuse now (no balance, a
     * permission the requester does not hold, a bad state) is refused now with the service's own
     * answer, and never waits for an approver.
     */
    async request(def: ActionDef, action: string, call: { method: string; url: string } & ActionInput, reason: string | null, viewer: Viewer): Promise<ApprovalAccepted | null> {
      const me = actor(viewer.ctx);
      return db.transaction(async (tx) => {
        const policy = await currentPolicy(tx);
        const held = await holdsBack(tx, def, call, policy.policy);
        if (!held) return null;
        if (!reason) throw new AppError('APPROVAL_REASON_REQUIRED', APPROVAL_MESSAGES.reasonRequired, { 'x-approval-reason': [APPROVAL_MESSAGES.reasonRequired] });
        try {
          await tx.transaction(async (sp) => {
            await def.execute(sp, viewer.ctx, call, viewer.permissions);
            throw DRY_RUN;
          });
        } catch (e) {
          if (e !== DRY_RUN) throw e;
        }
        const snapshot = await def.snapshot(tx, call);
        const summary = await def.summary(tx, call);
        const payload = { method: call.method, url: call.url, params: call.params, body: call.body };
        const { rows: [row] } = await tx.execute<{ id: string; expires_at: string }>(sql`
          INSERT INTO approval_requests (kind, action, permission, payload, summary, amount_usd, snapshot, reason, policy_version, requested_by, requested_by_email, expires_at)
          VALUES (${def.kind}, ${action}, ${def.permission}, ${JSON.stringify(payload)}::jsonb, ${summary}, ${held.amountUsd}::numeric, ${JSON.stringify(snapshot)}::jsonb,
                  ${reason}, ${policy._id}, ${me.id}, ${me.email}, now() + make_interval(hours => ${policy.policy.expiryHours}))
          RETURNING id, ${ts('expires_at')} AS expires_at`);
        await writeAudit(tx, viewer.ctx, {
          action: 'approval.request', targetType: 'approval_request', targetId: row!.id,
          after: { action, kind: def.kind, summary, payload, amountUsd: held.amountUsd, snapshot, reason, policyVersion: policy._id, expiresAt: row!.expires_at },
        });
        return { approvalRequestId: row!.id, status: 'pending' as const, expiresAt: row!.expires_at };
      });
    },

    /**
     * Carries the request out exactly once: the request row is locked, must still be pending and
     * unexpired, asked by someone else, and its target as it was when asked; the action runs with
     * the approver as the actor (so the approver must hold what it grants) in the same
     * transaction as the request's guarded move to approved.
     */
    async approve(id: string, viewer: Viewer): Promise<{ request: ApprovalRequest; result: unknown }> {
      const me = actor(viewer.ctx);
      const outcome = await db.transaction(async (tx) => {
        const r = await lockedRequest(tx, id);
        assertPending(r);
        if (r.expired_now) return null;
        assertDecider(r, viewer, 'approve');
        const def = actions[r.action];
        if (!def) throw conflict(`This request's action (${r.action}) is no longer known: reject it`);
        const input: ActionInput = { params: r.payload.params, body: r.payload.body as Record<string, unknown> };
        const now = await def.snapshot(tx, input);
        for (const [what, then] of Object.entries(r.snapshot)) {
          if (!same(then, now[what])) {
            throw conflict(`This request can no longer be approved: ${what} changed since it was asked (it was ${shown(then)}, it is ${shown(now[what])} now). Reject it, and ask again if it is still needed`);
          }
        }
        const result = await def.execute(tx, viewer.ctx, input, viewer.permissions);
        const { rows: [done] } = await tx.execute<Row>(sql`
          UPDATE approval_requests SET status = 'approved', decided_by = ${me.id}, decided_by_email = ${me.email}, decided_at = now(),
                 result = ${JSON.stringify(storable(result))}::jsonb
           WHERE id = ${id} AND status = 'pending' RETURNING ${COLUMNS}`);
        if (!done) throw conflict('This request is no longer awaiting approval');
        await writeAudit(tx, viewer.ctx, {
          action: 'approval.approve', targetType: 'approval_request', targetId: id,
          before: { status: 'pending', requestedBy: r.requested_by_email, snapshot: r.snapshot },
          after: { status: 'approved', action: r.action, summary: r.summary, result: storable(result) },
        });
        return { request: view(done, { id: me.id, permissions: viewer.permissions }), result };
      });
      return outcome ?? refuseExpired(id, viewer.ctx);
    },

    /** Rejection changes nothing but the request. */
    async reject(id: string, comment: string | undefined, viewer: Viewer) {
      const me = actor(viewer.ctx);
      const outcome = await db.transaction(async (tx) => {
        const r = await lockedRequest(tx, id);
        assertPending(r);
        if (r.expired_now) return null;
        assertDecider(r, viewer, 'reject');
        const { rows: [done] } = await tx.execute<Row>(sql`
          UPDATE approval_requests SET status = 'rejected', decided_by = ${me.id}, decided_by_email = ${me.email}, decided_at = now(), decision_comment = ${comment ?? null}
           WHERE id = ${id} AND status = 'pending' RETURNING ${COLUMNS}`);
        await writeAudit(tx, viewer.ctx, {
          action: 'approval.reject', targetType: 'approval_request', targetId: id,
          before: { status: 'pending', requestedBy: r.requested_by_email }, after: { status: 'rejected', action: r.action, summary: r.summary, comment: comment ?? null },
        });
        return view(done!, { id: me.id, permissions: viewer.permissions });
      });
      return outcome ?? refuseExpired(id, viewer.ctx);
    },

    /** Only the requester cancels, while it waits. */
    async cancel(id: string, viewer: Viewer) {
      const me = actor(viewer.ctx);
      return db.transaction(async (tx) => {
        const r = await lockedRequest(tx, id);
        if (r.requested_by !== me.id) throw forbidden('Only the member of staff who asked can cancel this request');
        assertPending(r);
        const { rows: [done] } = await tx.execute<Row>(sql`
          UPDATE approval_requests SET status = 'cancelled', decided_by = ${me.id}, decided_by_email = ${me.email}, decided_at = now()
           WHERE id = ${id} AND status = 'pending' RETURNING ${COLUMNS}`);
        await writeAudit(tx, viewer.ctx, {
          action: 'approval.cancel', targetType: 'approval_request', targetId: id,
          before: { status: 'pending' }, after: { status: 'cancelled', action: r.action, summary: r.summary },
        });
        return view(done!, { id: me.id, permissions: viewer.permissions });
      });
    },

    /** The requests the viewer may decide or asked for, newest first. */
    async list(query: { status: ApprovalStatus; page: number; pageSize: number }, viewer: Viewer) {
      const me = actor(viewer.ctx);
      await db.transaction((tx) => expireDue(tx, viewer.ctx));
      const perms = `{${viewer.permissions.join(',')}}`;
      const where = sql`status = ${query.status} AND (permission = ANY(${perms}::text[]) OR requested_by = ${me.id})`;
      const [{ rows }, { rows: [total] }] = await Promise.all([
        db.execute<Row>(sql`SELECT ${COLUMNS} FROM approval_requests WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM approval_requests WHERE ${where}`),
      ]);
      return { records: rows.map((r) => view(r, { id: me.id, permissions: viewer.permissions })), currentPage: query.page, pageSize: query.pageSize, totalRecords: total!.n };
    },

    /** How many wait for the viewer (someone else asked, the viewer holds the permission), and how many of the viewer's own wait. */
    async count(viewer: Viewer) {
      const me = actor(viewer.ctx);
      const perms = `{${viewer.permissions.join(',')}}`;
      const { rows: [c] } = await db.execute<{ awaiting: number; mine: number }>(sql`
        SELECT count(*) FILTER (WHERE requested_by <> ${me.id} AND permission = ANY(${perms}::text[]))::int AS awaiting,
               count(*) FILTER (WHERE requested_by = ${me.id})::int AS mine
          FROM approval_requests WHERE status = 'pending' AND expires_at > now()`);
      return { awaitingMe: c!.awaiting, mine: c!.mine };
    },
  };
}
