import { sql } from 'drizzle-orm';
import {
  KYC_ESCALATION_MESSAGE,
  KYC_LEVEL_TWO,
  KYC_MESSAGES,
  type KycDecision,
  type KycDecisionResult,
  type KycRejectionReason,
  type KycStatus,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { transition } from '../../transitions/transition';
import { lockHold } from './kyc-shared';
import { emitEvent } from '../../outbox/outbox';

/** A level 2 decision as the route passes it. */
export type KycDecisionBody = {
  id: string;
  kycStatus: KycDecision;
  RejectionReason?: KycRejectionReason;
  RejectionMessage?: string;
  fromStatus?: KycStatus | undefined;
};

/**
 * Decides a level 2 case. The guarded transition refuses a move the state no longer allows
 * (409: another reviewer decided a moment ago); the user's status, the history row and the
 * audit row are written in the same transaction.
 */
export async function decideKyc(
  db: Db,
  ctx: RequestContext,
  permissions: readonly string[],
  body: KycDecisionBody,
): Promise<{ result: KycDecisionResult; message: string }> {
  const actorId = ctx.actor?.id ?? null;
  const approving = body.kycStatus === 'approved';
  const reason = approving ? null : (body.RejectionReason ?? null);
  const message = approving
    ? null
    : body.kycStatus === 'escalated'
      ? [body.RejectionMessage, KYC_ESCALATION_MESSAGE].filter(Boolean).join(' ')
      : (body.RejectionMessage ?? null);
  return db.transaction(async (tx) => {
    // The hold is read under the row's lock, before the move: a claim or a take-over
    // committed a moment ago is seen (the lock waits for it), and one that comes later waits
    // for this decision, which releases the hold. An expired hold binds no one.
    const hold = await lockHold(tx, body.id);
    if (hold.held && hold.claimed_by !== actorId)
      throw conflict(KYC_MESSAGES.heldBy(hold.holder ?? 'another reviewer', hold.until!));
    const set = approving
      ? sql`level_two_approved_by = ${actorId}::uuid, level_two_approved_at = now(), claimed_by = NULL, claimed_until = NULL, updated_at = now()`
      : sql`rejected_by = ${actorId}::uuid, rejection_time = now(), level_two_rejection_reason = ${reason},
            level_two_rejection_message = ${message}, level_two_approved_by = NULL, level_two_approved_at = NULL,
            claimed_by = NULL, claimed_until = NULL, updated_at = now()`;
    const { row, from } = await transition(tx, {
      machine: KYC_LEVEL_TWO,
      table: 'kyc_records',
      id: body.id,
      to: body.kycStatus,
      permissions,
      statusColumn: 'level_two_status',
      set,
      // Without it, 'approved' then 'rejected' from two screens showing 'submitted' would both
      // pass, since the machine lets an approval be revoked.
      expectedFrom: body.fromStatus,
    });
    const userId = String(row.user_id);
    await tx.execute(
      sql`UPDATE users SET kyc_level_two_status = ${body.kycStatus}, updated_at = now() WHERE id = ${userId}`,
    );
    await tx.execute(sql`
      INSERT INTO kyc_history (kyc_id, user_id, level, from_status, to_status, staff_id, staff_email, reason, message)
      VALUES (${body.id}, ${userId}, 2, ${from}, ${body.kycStatus}, ${actorId}::uuid, ${ctx.actor?.email ?? null}, ${reason}, ${message})`);
    const result: KycDecisionResult = {
      _id: body.id,
      userId,
      levelTwoStatus: body.kycStatus,
      previousStatus: from,
      levelTwoRejectionReason: reason,
      levelTwoRejectionMessage: message,
    };
    await writeAudit(tx, ctx, {
      action: `kyc.${body.kycStatus}`,
      targetType: 'kyc_record',
      targetId: body.id,
      before: { levelTwoStatus: from, userId },
      after: { levelTwoStatus: body.kycStatus, userId, reason, message },
    });
    await emitEvent(tx, {
      type: `kyc.${body.kycStatus}`,
      userId,
      payload: {
        customerId: userId,
        kycId: body.id,
        level: 2,
        status: body.kycStatus,
        previousStatus: from === null || from === undefined ? null : String(from),
        reason,
        message,
      },
    });
    return { result, message: approving ? KYC_MESSAGES.approved : KYC_MESSAGES.decided(body.kycStatus) };
  });
}
