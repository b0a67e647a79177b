import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { lockedProfileRow } from './user-profile-shared';

/** A customer's two-factor authentication turned off, once (a second call is a 409), audited. */
export async function deactivateTwoFactor(db: Db, userId: string, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    await lockedProfileRow(tx, userId);
    // Guarded: two staff removing it at once change it once and the second gets 409.
    const { rows } = await tx.execute(
      sql`UPDATE users SET enabled_two_factor = false, updated_at = now() WHERE id = ${userId} AND enabled_two_factor RETURNING id`,
    );
    if (!rows[0]) throw conflict('Two-factor authentication is already off for this user');
    await writeAudit(tx, ctx, {
      action: 'user.2fa.deactivate',
      targetType: 'user',
      targetId: userId,
      before: { enabledTwoFactor: true },
      after: { enabledTwoFactor: false },
    });
    return { userId, enabledTwoFactor: false };
  });
}
