import { sql } from 'drizzle-orm';
import type { ServiceClientRecord } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { Config } from '../../config/config';
import type { RequestContext } from '../../http/context';
import { activeClient, assertWebhookUrl, auditView, duplicateName, readClient, textArray } from './integrations-shared';

export type UpdateClient = {
  name?: string;
  scopes?: string[];
  webhookUrl?: string | null;
  eventTypes?: string[];
  rateLimitPerMinute?: number;
};

/** Changes a client's settings (never its secret); a revoked client: 409. Takes effect on its next call. */
export async function updateClient(
  db: Db,
  config: Config,
  id: string,
  body: UpdateClient,
  ctx: RequestContext,
): Promise<ServiceClientRecord> {
  assertWebhookUrl(config, body.webhookUrl);
  const me = ctx.actor?.id ?? null;
  try {
    return await db.transaction(async (tx) => {
      const before = await activeClient(tx, id, me);
      await tx.execute(sql`
        UPDATE service_clients SET
          name = ${body.name ?? before.name},
          scopes = ${textArray(body.scopes ?? before.scopes)},
          webhook_url = ${body.webhookUrl === undefined ? before.webhookUrl : body.webhookUrl || null},
          event_types = ${textArray(body.eventTypes ?? before.eventTypes)},
          rate_limit_per_minute = ${body.rateLimitPerMinute ?? before.rateLimitPerMinute},
          updated_at = now()
        WHERE id = ${id}`);
      const after = await readClient(tx, id, me);
      await writeAudit(tx, ctx, {
        action: 'integrations.update',
        targetType: 'service_client',
        targetId: id,
        before: auditView(before),
        after: auditView(after),
      });
      return after;
    });
  } catch (e) {
    duplicateName(e);
  }
}
