import { sql } from 'drizzle-orm';
import type { ServiceClientRecord } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { Config } from '../../config/config';
import type { RequestContext } from '../../http/context';
import { newClientCredentials, sealClientSecret } from '../product-api/product-secrets.service';
import {
  assertWebhookUrl,
  auditView,
  duplicateName,
  readClient,
  REVEAL_HOURS,
  textArray,
  type RevealFor,
} from './integrations-shared';

export type CreateClient = {
  name: string;
  scopes: string[];
  webhookUrl?: string | null;
  eventTypes: string[];
  rateLimitPerMinute: number;
};

/** Keeps the sealed secret for the staff member who asked for it (an approved create or rotate). */
export async function keepForReveal(tx: Tx, clientId: string, sealed: string, to: RevealFor) {
  await tx.execute(sql`
    INSERT INTO service_client_reveals (client_id, reveal_to, approval_request_id, secret_enc, expires_at)
    VALUES (${clientId}, ${to.staffId}, ${to.approvalRequestId}, ${sealed}, now() + make_interval(hours => ${REVEAL_HOURS}))`);
}

/**
 * Creates an active client with a new key id and secret. The answer carries the secret, this
 * once; when a four-eyes approval carries the create out (`revealFor`), it is kept sealed for the
 * requester's one-time reveal instead and the answer (the approver's) carries none.
 */
export async function createClient(
  db: Db,
  config: Config,
  body: CreateClient,
  ctx: RequestContext,
  revealFor?: RevealFor,
): Promise<{ client: ServiceClientRecord; secret?: string }> {
  assertWebhookUrl(config, body.webhookUrl);
  const { keyId, secret } = newClientCredentials();
  const sealed = sealClientSecret(config.secretsKey, secret);
  try {
    return await db.transaction(async (tx) => {
      const {
        rows: [row],
      } = await tx.execute<{ id: string }>(sql`
        INSERT INTO service_clients (name, key_id, secret_enc, scopes, webhook_url, event_types, rate_limit_per_minute, created_by)
        VALUES (${body.name}, ${keyId}, ${sealed}, ${textArray(body.scopes)}, ${body.webhookUrl || null},
                ${textArray(body.eventTypes)}, ${body.rateLimitPerMinute}, ${ctx.actor?.id ?? null}::uuid)
        RETURNING id::text AS id`);
      if (revealFor) await keepForReveal(tx, row!.id, sealed, revealFor);
      const client = await readClient(tx, row!.id, ctx.actor?.id ?? null);
      await writeAudit(tx, ctx, {
        action: 'integrations.create',
        targetType: 'service_client',
        targetId: client._id,
        after: { ...auditView(client), secretRevealTo: revealFor?.staffId ?? null },
      });
      return revealFor ? { client } : { client, secret };
    });
  } catch (e) {
    duplicateName(e);
  }
}
