import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import type { AuthState } from '../../http/auth';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { ISO } from './passkey-ceremony';

/** Removes one of the account's own passkeys. */
export async function removePasskey(db: Db, a: AuthState, id: string, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    const {
      rows: [gone],
    } = await tx.execute<{ id: string; name: string; created_at: string; last_used_at: string | null }>(sql`
      DELETE FROM staff_passkeys WHERE id = ${id} AND staff_id = ${a.staffId}
      RETURNING id, name, ${ISO('created_at')} AS created_at, ${ISO('last_used_at')} AS last_used_at`);
    // Someone else's passkey is as unknown as one that does not exist.
    if (!gone) throw new AppError('NOT_FOUND', 'Passkey not found');
    await writeAudit(tx, ctx, {
      action: 'auth.passkey.remove',
      targetType: 'passkey',
      targetId: gone.id,
      before: { name: gone.name, createdAt: gone.created_at, lastUsedAt: gone.last_used_at },
    });
    return { _id: gone.id, name: gone.name };
  });
}
