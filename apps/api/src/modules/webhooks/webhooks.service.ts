import { sql } from 'drizzle-orm';
import type { ProductEventsPage, WebhookDeliveriesPage, WebhookDeliveryStatus } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { offsetPage } from '../../lists/page';
import { EVENT_COLUMNS, eventBody, type EventRow } from './deliver-webhooks';

/*
 * Webhook delivery's public face (docs/decisions/integrations.md, "Webhook delivery"): the engine
 * the worker runs, the deliveries staff read and replay, and the events feed a client reads.
 */
export { processWebhooksOnce, runWebhooks, type WebhookPass, type WebhookRunner } from './deliver-webhooks';
export { webhookSettings, type WebhookDeps, type WebhookSettings } from './webhook-settings';

const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type DeliveryRow = {
  id: string;
  event_id: string;
  event_type: string;
  user_id: string | null;
  email: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
};

const DELIVERY_COLUMNS = `d.id::text, d.event_id::text, d.event_type, d.user_id::text, u.email::text AS email, d.status,
  d.attempts, d.last_status_code, d.last_error, ${ISO('d.last_attempt_at')} AS last_attempt_at,
  CASE WHEN d.status = 'pending' THEN ${ISO('d.next_attempt_at')} END AS next_attempt_at,
  ${ISO('d.delivered_at')} AS delivered_at, ${ISO('d.created_at')} AS created_at`;

const toDelivery = (r: DeliveryRow) => ({
  id: r.id,
  eventId: r.event_id,
  eventType: r.event_type,
  customerId: r.user_id,
  customerEmail: r.email,
  status: r.status,
  attempts: r.attempts,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  lastAttemptAt: r.last_attempt_at,
  nextAttemptAt: r.next_attempt_at,
  deliveredAt: r.delivered_at,
  createdAt: r.created_at,
});

const clientNotFound = () => new AppError('NOT_FOUND', 'Service client not found');

export function createWebhooksService(db: Db) {
  async function clientOf(clientId: string) {
    const { rows } = await db.$client.query<{ id: string; name: string; status: string; webhook_url: string | null }>(
      `SELECT id::text, name, status, webhook_url FROM service_clients WHERE id = $1`,
      [clientId],
    );
    if (!rows[0]) throw clientNotFound();
    return rows[0];
  }

  return {
    /**
     * One page of a client's deliveries, newest first, optionally of one status. OFFSET is bounded
     * by WEBHOOK_DELIVERIES_MAX_PAGE (the query refuses deeper pages) on one client's rows
     * (webhook_deliveries_client_list_idx).
     */
    async deliveries(
      clientId: string,
      q: { page: number; pageSize: number; status: 'all' | WebhookDeliveryStatus },
    ): Promise<WebhookDeliveriesPage> {
      const client = await clientOf(clientId);
      const params: unknown[] = [clientId];
      let where = 'd.client_id = $1';
      if (q.status !== 'all') {
        params.push(q.status);
        where += ` AND d.status = $${params.length}`;
      }
      const page = await offsetPage(
        { page: q.page, pageSize: q.pageSize },
        {
          rows: async (limit, offset) =>
            (
              await db.$client.query<DeliveryRow>(
                `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d LEFT JOIN users u ON u.id = d.user_id
                  WHERE ${where} ORDER BY d.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
                [...params, limit, offset],
              )
            ).rows.map(toDelivery),
          count: async () =>
            (
              await db.$client.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM webhook_deliveries d WHERE ${where}`,
                params,
              )
            ).rows[0]!.n,
        },
      );
      return {
        ...page,
        client: { id: client.id, name: client.name, status: client.status, webhookUrl: client.webhook_url },
      };
    },

    /** Sends a delivered or failed delivery again (pending, due now, a fresh retry window); audited. */
    async replay(clientId: string, deliveryId: string, ctx: RequestContext) {
      const client = await clientOf(clientId);
      if (client.status !== 'active') throw conflict('The client is revoked: its deliveries cannot be replayed');
      if (!client.webhook_url) throw conflict('The client has no webhook URL');
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ status: string; event_id: string; event_type: string }>(
          sql`SELECT status, event_id::text, event_type FROM webhook_deliveries
               WHERE id = ${deliveryId}::bigint AND client_id = ${clientId} FOR UPDATE`,
        );
        const before = rows[0];
        if (!before) throw new AppError('NOT_FOUND', 'Delivery not found');
        if (before.status === 'pending') throw conflict('This delivery is already pending');
        await tx.execute(sql`UPDATE webhook_deliveries
            SET status = 'pending', next_attempt_at = now(), first_attempt_at = NULL
          WHERE id = ${deliveryId}::bigint`);
        await writeAudit(tx, ctx, {
          action: 'webhook.replay',
          targetType: 'webhook_delivery',
          targetId: deliveryId,
          before: { status: before.status },
          after: { status: 'pending', clientId, eventId: before.event_id, eventType: before.event_type },
        });
        return { replayed: 1 };
      });
    },

    /** Sends every failed delivery of the client again; one audit row with how many. */
    async replayFailed(clientId: string, ctx: RequestContext) {
      const client = await clientOf(clientId);
      if (client.status !== 'active') throw conflict('The client is revoked: its deliveries cannot be replayed');
      if (!client.webhook_url) throw conflict('The client has no webhook URL');
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ n: number }>(sql`WITH r AS (
            UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), first_attempt_at = NULL
             WHERE client_id = ${clientId} AND status = 'failed' RETURNING 1)
          SELECT count(*)::int AS n FROM r`);
        const replayed = rows[0]?.n ?? 0;
        await writeAudit(tx, ctx, {
          action: 'webhook.replay_failed',
          targetType: 'service_client',
          targetId: clientId,
          after: { replayed },
        });
        return { replayed };
      });
    },

    /**
     * The client's events after the outbox id `after`, oldest first: every event of the types it
     * subscribes to (all when none are named), including those before it existed.
     */
    async events(clientId: string, after: number, limit: number): Promise<ProductEventsPage> {
      const { rows } = await db.$client.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM outbox_events e, service_clients c
          WHERE c.id = $1 AND e.id > $2 AND (cardinality(c.event_types) = 0 OR e.type = ANY (c.event_types))
          ORDER BY e.id LIMIT $3`,
        [clientId, after, limit],
      );
      return {
        events: rows.map((e) => ({ ...eventBody(e), cursor: e.cursor })),
        nextCursor: rows.length ? rows[rows.length - 1]!.cursor : after,
      };
    },
  };
}
