import { sql } from 'drizzle-orm';
import type { ServiceClientRecord } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { Config } from '../../config/config';
import type { RequestContext } from '../../http/context';
import { newClientCredentials, sealClientSecret } from '../product-api/product-secrets.service';
import { keepForReveal } from './create-client';
import { activeClient, readClient, type RevealFor } from './integrations-shared';

/**
 * A new secret for the client (same key id). The secret it replaces stays valid for `graceHours`
 * (0: refused at once); a rotation during a grace replaces the previous secret, so at most two
 * are ever valid. The answer carries the new secret once, unless an approval carries the rotation
 * out (`revealFor`): then only the requester can reveal it, once.
 */
export async function rotateSecret(
  db: Db,
  config: Config,
  id: string,
  graceHours: number,
  ctx: RequestContext,
  revealFor?: RevealFor,
): Promise<{ client: ServiceClientRecord; secret?: string }> {
  const me = ctx.actor?.id ?? null;
  const { secret } = newClientCredentials();
  const sealed = sealClientSecret(config.secretsKey, secret);
  return db.transaction(async (tx) => {
    const before = await activeClient(tx, id, me);
    await tx.execute(sql`
      UPDATE service_clients SET
        previous_secret_enc = CASE WHEN ${graceHours} > 0 THEN secret_enc END,
        previous_secret_expires_at = CASE WHEN ${graceHours} > 0 THEN now() + make_interval(hours => ${graceHours}) END,
        secret_enc = ${sealed}, rotated_at = now(), updated_at = now()
      WHERE id = ${id}`);
    // A reveal still waiting for an older secret is void: that secret is no longer the client's.
    await tx.execute(
      sql`UPDATE service_client_reveals SET secret_enc = NULL WHERE client_id = ${id} AND revealed_at IS NULL`,
    );
    if (revealFor) await keepForReveal(tx, id, sealed, revealFor);
    const client = await readClient(tx, id, me);
    await writeAudit(tx, ctx, {
      action: 'integrations.rotate',
      targetType: 'service_client',
      targetId: id,
      before: { rotatedAt: before.rotatedAt, previousSecretValidUntil: before.previousSecretValidUntil },
      after: {
        rotatedAt: client.rotatedAt,
        graceHours,
        previousSecretValidUntil: client.previousSecretValidUntil,
        secretRevealTo: revealFor?.staffId ?? null,
      },
    });
    return revealFor ? { client } : { client, secret };
  });
}
