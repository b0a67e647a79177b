import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { outboxEvents } from './chain-watch';
import { serviceClients } from './integrations';

/**
 * Webhook deliveries (migration 0051): one row per outbox event and subscribed service client,
 * written by the fan-out, sent by the worker's delivery loop (apps/api/src/modules/webhooks).
 * `pending` covers both "not yet tried" and "failed, retrying at next_attempt_at"; `failed` is
 * final (retries exhausted, client revoked or its webhook URL removed) until staff replay it.
 * Docs: docs/decisions/integrations.md, "Webhook delivery".
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => serviceClients.id),
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The customer: a client's deliveries of one customer go out in outbox order. */
    userId: uuid('user_id'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_client_outbox_uq').on(t.clientId, t.outboxId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'::text`),
    index('webhook_deliveries_order_idx')
      .on(t.clientId, t.userId, t.outboxId)
      .where(sql`status = 'pending'::text`),
    index('webhook_deliveries_client_list_idx').on(t.clientId, t.status, t.id),
    check(
      'webhook_deliveries_status_known',
      sql`status = ANY (ARRAY['pending'::text, 'delivered'::text, 'failed'::text])`,
    ),
    check('webhook_deliveries_last_error_short', sql`char_length(last_error) <= 500`),
  ],
);

/** The fan-out's cursor (one row): outbox events up to here are settled and fanned out. */
export const webhookFanoutCursor = pgTable(
  'webhook_fanout_cursor',
  {
    id: integer('id').primaryKey().default(1),
    lastOutboxId: bigint('last_outbox_id', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('webhook_fanout_cursor_one_row', sql`id = 1`)],
);
