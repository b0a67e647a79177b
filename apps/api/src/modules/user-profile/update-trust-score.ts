import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { emitEvent } from '../../outbox/outbox';
import { lockedProfileRow, notFound, PROFILE_SQL, toProfile, type Row } from './user-profile-shared';

const profileRow = async (db: Db, id: string) => {
  const { rows } = await db.$client.query(PROFILE_SQL, [id]);
  if (!rows[0]) throw notFound('User');
  return rows[0] as Row;
};

/** A customer's trust score set under the row's lock, audited; answers the profile as it is now. */
export async function updateTrustScore(
  db: Db,
  body: { userId: string; trustScore: number },
  ctx: RequestContext,
  withDevices: boolean,
) {
  await db.transaction(async (tx) => {
    const before = await lockedProfileRow(tx, body.userId);
    await tx.execute(
      sql`UPDATE users SET trust_score = ${body.trustScore}, updated_at = now() WHERE id = ${body.userId}`,
    );
    // A score set to the value it already had changes nothing the customer's app should hear of.
    if (Number(before.trust_score) !== body.trustScore)
      await emitEvent(tx, {
        type: 'trust_score.changed',
        userId: body.userId,
        payload: { customerId: body.userId, before: Number(before.trust_score), after: body.trustScore },
      });
    await writeAudit(tx, ctx, {
      action: 'user.trust-score.update',
      targetType: 'user',
      targetId: body.userId,
      before: { trustScore: before.trust_score },
      after: { trustScore: body.trustScore },
    });
  });
  return toProfile(await profileRow(db, body.userId), withDevices);
}
