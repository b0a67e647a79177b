import { sql } from 'drizzle-orm';
import type { ServiceClientRecord } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { activeClient, auditView, readClient } from './integrations-shared';

/**
 * Revokes a client at once: its next signed call is refused (401) and no webhook goes to it any
 * more. Final: a revoked client is never changed again (409), and its waiting reveals are void.
 */
export async function revokeClient(db: Db, id: string, ctx: RequestContext): Promise<ServiceClientRecord> {
  const me = ctx.actor?.id ?? null;
  return db.transaction(async (tx) => {
    const before = await activeClient(tx, id, me);
    await tx.execute(sql`
      UPDATE service_clients SET status = 'revoked', revoked_at = now(), updated_at = now(),
             previous_secret_enc = NULL, previous_secret_expires_at = NULL
      WHERE id = ${id}`);
    await tx.execute(
      sql`UPDATE service_client_reveals SET secret_enc = NULL WHERE client_id = ${id} AND revealed_at IS NULL`,
    );
    const after = await readClient(tx, id, me);
    await writeAudit(tx, ctx, {
      action: 'integrations.revoke',
      targetType: 'service_client',
      targetId: id,
      before: auditView(before),
      after: { status: after.status, revokedAt: after.revokedAt },
    });
    return after;
  });
}
