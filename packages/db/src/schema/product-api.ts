import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { serviceClients } from './integrations';

/**
 * The product API's idempotency keys (migration 0048): the first request with a key claims it
 * (in_progress), its answer (2xx or 4xx) is stored (done) and replayed for the same key and body
 * for at least 24 hours; a 5xx deletes the claim so a retry runs. docs/decisions/integrations.md.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientId: uuid('client_id').notNull(),
    key: text('key').notNull(),
    /** sha256 hex of method, path with query and raw body. */
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull().default('in_progress'),
    statusCode: smallint('status_code'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.key], name: 'idempotency_keys_client_id_key_pk' }),
    foreignKey({
      columns: [t.clientId],
      foreignColumns: [serviceClients.id],
      name: 'idempotency_keys_client_id_service_clients_id_fk',
    }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_state_known', sql`state = ANY (ARRAY['in_progress'::text, 'done'::text])`),
    check('idempotency_keys_key_length', sql`(char_length(key) >= 1) AND (char_length(key) <= 200)`),
  ],
);

/** Requests per service client and minute (migration 0048): the rate limit across every API instance. */
export const productRateCounts = pgTable(
  'product_rate_counts',
  {
    clientId: uuid('client_id').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.minute], name: 'product_rate_counts_client_id_minute_pk' }),
    foreignKey({
      columns: [t.clientId],
      foreignColumns: [serviceClients.id],
      name: 'product_rate_counts_client_id_service_clients_id_fk',
    }),
  ],
);
