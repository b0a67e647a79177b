import { sql } from 'drizzle-orm';
import { KYC_CLAIM_MINUTES, type KycTakeOverResult } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { isoSql as ISO } from '../../timestamps/iso';
import { lockHold, rows } from './kyc-shared';

/**
 * Super Admin's take-over: the hold moves to the caller for a fresh KYC_CLAIM_MINUTES, from the
 * holder the caller's screen showed (anyone else holding it by now is a 409, so concurrent
 * take-overs leave one holder). Like Manage Random KYC, the taker holds one case at a time:
 * any other case they held is released. Audited with the previous holder.
 */
export async function takeOverKyc(
  db: Db,
  ctx: RequestContext,
  body: { id: string; claimedBy: string },
): Promise<KycTakeOverResult> {
  const actorId = ctx.actor!.id;
  return db.transaction(async (tx) => {
    // The same lock order as claimRandom (the taker's staff row, then the case).
    await tx.execute(sql`SELECT id FROM staff WHERE id = ${actorId} FOR NO KEY UPDATE`);
    const c = await lockHold(tx, body.id);
    if (!c.held) throw conflict('Nobody holds this case now: it can be decided without taking it over');
    if (c.claimed_by === actorId) throw conflict('You already hold this case');
    if ((c.holder ?? '').toLowerCase() !== body.claimedBy.toLowerCase()) {
      throw conflict(
        `This case is held by ${c.holder ?? 'another reviewer'} until ${c.until} now, not by ${body.claimedBy} as on your screen. Reload it before taking it over.`,
      );
    }
    const released = await rows<{ id: string }>(
      tx,
      sql`
      UPDATE kyc_records SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ${actorId} AND id <> ${body.id} RETURNING id`,
    );
    const [taken] = await rows<{ claimed_until: string }>(
      tx,
      sql`
      UPDATE kyc_records SET claimed_by = ${actorId}, claimed_until = now() + make_interval(mins => ${KYC_CLAIM_MINUTES})
       WHERE id = ${body.id}
      RETURNING ${ISO('claimed_until')} AS claimed_until`,
    );
    await writeAudit(tx, ctx, {
      action: 'kyc.take-over',
      targetType: 'kyc_record',
      targetId: body.id,
      before: {
        claimedBy: c.claimed_by,
        claimedByEmail: c.holder,
        claimedUntil: c.claimed_until,
        released: released.map((r) => r.id),
      },
      after: {
        claimedBy: actorId,
        claimedByEmail: ctx.actor!.email,
        claimedUntil: taken!.claimed_until,
        userId: c.user_id,
      },
    });
    return {
      _id: body.id,
      userId: c.user_id,
      claimedBy: ctx.actor!.email,
      claimedUntil: taken!.claimed_until,
      previousHolder: c.holder ?? '',
    };
  });
}
