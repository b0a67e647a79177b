import { sql } from 'drizzle-orm';
import { KYC_CLAIM_MINUTES, KYC_MESSAGES } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { isoSql as ISO } from '../../timestamps/iso';
import { notFound, rows } from './kyc-shared';

/**
 * Hands the reviewer the oldest submitted case nobody holds, for KYC_CLAIM_MINUTES. A reviewer
 * holds one case at a time: asking again releases the previous one and hands out another.
 * SKIP LOCKED makes concurrent reviewers pass over a case another is claiming this instant.
 */
export async function claimRandomKyc(db: Db, ctx: RequestContext): Promise<string> {
  const actorId = ctx.actor!.id;
  return db.transaction(async (tx) => {
    // One press of a reviewer at a time (a double click, two tabs): without this, two presses
    // would each release what the other had not committed yet and the reviewer would end up
    // holding two cases. The staff row's lock queues them; other reviewers do not wait.
    await tx.execute(sql`SELECT id FROM staff WHERE id = ${actorId} FOR NO KEY UPDATE`);
    const released = await rows<{ id: string }>(
      tx,
      sql`
      UPDATE kyc_records SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ${actorId} RETURNING id`,
    );
    const releasedIds = `{${released.map((r) => r.id).join(',')}}`;
    const [claimed] = await rows<{ id: string; user_id: string; claimed_until: string }>(
      tx,
      sql`
      UPDATE kyc_records k SET claimed_by = ${actorId}, claimed_until = now() + make_interval(mins => ${KYC_CLAIM_MINUTES})
       WHERE k.id = (
         SELECT c.id FROM kyc_records c
          WHERE c.level_two_status = 'submitted' AND (c.claimed_until IS NULL OR c.claimed_until < now())
            AND c.id <> ALL(${releasedIds}::uuid[])
          ORDER BY c.created_at, c.id
          LIMIT 1
            FOR UPDATE SKIP LOCKED)
         AND k.level_two_status = 'submitted'
      RETURNING k.id, k.user_id, ${ISO('k.claimed_until')} AS claimed_until`,
    );
    if (!claimed) throw notFound(KYC_MESSAGES.noUnattended);
    await writeAudit(tx, ctx, {
      action: 'kyc.claim',
      targetType: 'kyc_record',
      targetId: claimed.id,
      before: { released: released.map((r) => r.id) },
      after: { claimedBy: actorId, claimedUntil: claimed.claimed_until, userId: claimed.user_id },
    });
    return claimed.user_id;
  });
}
