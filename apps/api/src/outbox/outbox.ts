import { sql } from 'drizzle-orm';
import { WEBHOOK_EVENT_PAYLOADS, type WebhookEventPayload, type WebhookEventType } from '@vaultdesk/contract';
import type { Tx } from '@vaultdesk/db';

/**
 * Writes a decision's event into the outbox (outbox_events) inside the caller's transaction: the
 * event exists exactly when the decision committed. Its outbox id is the order receivers see;
 * event_id (a fresh uuid) is the id they deduplicate on. The payload is checked against its
 * type's schema (packages/contract/src/webhook-events.ts): a payload that does not match is a
 * programming error, thrown, and the decision rolls back with it.
 */
export async function emitEvent<T extends WebhookEventType>(
  tx: Tx,
  event: { type: T; userId: string; payload: WebhookEventPayload<T> },
): Promise<{ id: number; eventId: string }> {
  const checked = WEBHOOK_EVENT_PAYLOADS[event.type].safeParse(event.payload);
  if (!checked.success) {
    throw new Error(`Event ${event.type} has a payload that does not match its schema: ${checked.error.message}`);
  }
  if ((checked.data as { customerId: string }).customerId !== event.userId) {
    throw new Error(`Event ${event.type} is about customer ${event.userId} but its payload names another`);
  }
  const {
    rows: [row],
  } = await tx.execute<{ id: string; event_id: string }>(sql`
    INSERT INTO outbox_events (type, user_id, payload)
    VALUES (${event.type}, ${event.userId}::uuid, ${JSON.stringify(checked.data)}::jsonb)
    RETURNING id, event_id`);
  return { id: Number(row!.id), eventId: row!.event_id };
}
