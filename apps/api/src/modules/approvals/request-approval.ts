import { sql } from 'drizzle-orm';
import { APPROVAL_MESSAGES, type ApprovalAccepted, type ApprovalPolicy } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import { AppError } from '../../http/errors';
import type { ActionDef, ActionInput } from './approval-actions';
import { currentPolicy } from './approval-policy.service';
import { actor, ts, type Viewer } from './approval-requests';

/** Thrown inside the dry run's savepoint so that what the action wrote is rolled back. */
const DRY_RUN = Symbol('approval dry run');

/** Whether the policy holds this call back, and the amount it is measured by. */
async function holdsBack(
  tx: Tx,
  def: ActionDef,
  input: ActionInput,
  policy: ApprovalPolicy,
): Promise<{ amountUsd: string | null } | null> {
  if (def.covers && !def.covers(input)) return null;
  const own = def.decide ? await def.decide(tx, input, policy) : undefined;
  if (own !== undefined) return own ? { amountUsd: null } : null;
  const rule = policy[def.kind];
  if ('required' in rule) return rule.required ? { amountUsd: null } : null;
  if (rule.thresholdUsd === null || !def.amountUsd) return null;
  const amountUsd = await def.amountUsd(tx, input);
  // No target (404) or nothing to move: the action's own service answers that.
  if (amountUsd === null) return null;
  const {
    rows: [cmp],
  } = await tx.execute<{ above: boolean }>(sql`SELECT ${amountUsd}::numeric > ${rule.thresholdUsd}::numeric AS above`);
  return cmp!.above ? { amountUsd } : null;
}

/**
 * Called before a covered route's handler: null when the policy lets the call through, else
 * the stored request (202). The call is tried first in a savepoint rolled back at once, with
 * the requester as the actor: a request the service would refuse now (no balance, a
 * permission the requester does not hold, a bad state) is refused now with the service's own
 * answer, and never waits for an approver.
 */
export async function requestApproval(
  db: Db,
  def: ActionDef,
  action: string,
  call: { method: string; url: string } & ActionInput,
  reason: string | null,
  viewer: Viewer,
): Promise<ApprovalAccepted | null> {
  const me = actor(viewer.ctx);
  return db.transaction(async (tx) => {
    const policy = await currentPolicy(tx);
    const held = await holdsBack(tx, def, call, policy.policy);
    if (!held) return null;
    if (!reason)
      throw new AppError('APPROVAL_REASON_REQUIRED', APPROVAL_MESSAGES.reasonRequired, {
        'x-approval-reason': [APPROVAL_MESSAGES.reasonRequired],
      });
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
    const {
      rows: [row],
    } = await tx.execute<{ id: string; expires_at: string }>(sql`
      INSERT INTO approval_requests (kind, action, permission, payload, summary, amount_usd, snapshot, reason, policy_version, requested_by, requested_by_email, expires_at)
      VALUES (${def.kind}, ${action}, ${def.permission}, ${JSON.stringify(payload)}::jsonb, ${summary}, ${held.amountUsd}::numeric, ${JSON.stringify(snapshot)}::jsonb,
              ${reason}, ${policy._id}, ${me.id}, ${me.email}, now() + make_interval(hours => ${policy.policy.expiryHours}))
      RETURNING id, ${ts('expires_at')} AS expires_at`);
    await writeAudit(tx, viewer.ctx, {
      action: 'approval.request',
      targetType: 'approval_request',
      targetId: row!.id,
      after: {
        action,
        kind: def.kind,
        summary,
        payload,
        amountUsd: held.amountUsd,
        snapshot,
        reason,
        policyVersion: policy._id,
        expiresAt: row!.expires_at,
      },
    });
    return { approvalRequestId: row!.id, status: 'pending' as const, expiresAt: row!.expires_at };
  });
}
