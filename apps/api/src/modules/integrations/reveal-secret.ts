import { sql } from 'drizzle-orm';
import type { ServiceClientSecret } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { Config } from '../../config/config';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { openClientSecret } from '../product-api/product-secrets.service';
import { readClient } from './integrations-shared';

/**
 * The one-time reveal of a secret an approved create or rotate made: only the staff member who
 * asked for it, once, within REVEAL_HOURS, and only while it is still the client's secret. The
 * sealed copy is erased as it is revealed.
 */
export async function revealSecret(
  db: Db,
  config: Config,
  id: string,
  ctx: RequestContext,
): Promise<ServiceClientSecret> {
  const me = ctx.actor?.id ?? null;
  return db.transaction(async (tx) => {
    await readClient(tx, id, me, true);
    const {
      rows: [waiting],
    } = await tx.execute<{ id: string; secret_enc: string; approval_request_id: string | null }>(sql`
      SELECT r.id::text AS id, r.secret_enc, r.approval_request_id::text AS approval_request_id
        FROM service_client_reveals r JOIN service_clients c ON c.id = r.client_id
       WHERE r.client_id = ${id} AND r.reveal_to = ${me}::uuid AND r.revealed_at IS NULL AND r.secret_enc IS NOT NULL
         AND r.expires_at > now() AND c.status = 'active' AND c.secret_enc = r.secret_enc
       ORDER BY r.created_at DESC LIMIT 1 FOR UPDATE OF r`);
    if (!waiting)
      throw new AppError(
        'NOT_FOUND',
        'No secret is waiting for you to reveal on this client (it was revealed already, expired, replaced, or asked by someone else)',
      );
    await tx.execute(
      sql`UPDATE service_client_reveals SET revealed_at = now(), secret_enc = NULL WHERE id = ${waiting.id}`,
    );
    await writeAudit(tx, ctx, {
      action: 'integrations.reveal-secret',
      targetType: 'service_client',
      targetId: id,
      after: { approvalRequestId: waiting.approval_request_id },
    });
    const client = await readClient(tx, id, me);
    return { client, secret: openClientSecret(config.secretsKey, waiting.secret_enc) };
  });
}
