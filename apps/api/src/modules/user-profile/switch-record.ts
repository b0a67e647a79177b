import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { notFound } from './user-profile-shared';

/** A wallet or savings transaction shown or hidden (its visibility flipped), audited. */
export async function switchRecord(db: Db, kind: 'wallet' | 'savings', recordId: string, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    const { rows } =
      kind === 'wallet'
        ? await tx.execute(
            sql`UPDATE wallet_transactions SET is_active = NOT is_active WHERE id = ${recordId} RETURNING id, is_active, user_id`,
          )
        : await tx.execute(
            sql`UPDATE savings_transactions SET is_active = NOT is_active WHERE id = ${recordId} RETURNING id, is_active, user_id`,
          );
    const row = rows[0] as { id: string; is_active: boolean; user_id: string } | undefined;
    if (!row) throw notFound('Record');
    await writeAudit(tx, ctx, {
      action: `${kind}-transaction.visibility.switch`,
      targetType: `${kind}_transaction`,
      targetId: recordId,
      before: { isActive: !row.is_active, userId: row.user_id },
      after: { isActive: row.is_active, userId: row.user_id },
    });
    return { _id: row.id, isActive: row.is_active };
  });
}
