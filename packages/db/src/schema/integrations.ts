import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Service clients (migration 0046): the customer app's backend and any other server that calls
 * the product API (`/product/v1`) and receives the webhooks. `key_id` is the public name a request
 * carries; the shared secret is kept sealed with SECRETS_KEY (credentials.ts encryptSecret), as
 * HMAC needs it back. After a rotation the previous secret stays valid until
 * `previous_secret_expires_at`. Docs: docs/decisions/integrations.md.
 */
export const serviceClients = pgTable(
  'service_clients',
  {
    id: uuid('id').defaultRandom().primaryKey(),
    name: text('name').notNull(),
    keyId: text('key_id').notNull(),
    secretEnc: text('secret_enc').notNull(),
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** Product scopes (packages/contract integrations.ts PRODUCT_SCOPES). */
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where webhooks go (https, or http on the local network in development); null: none sent. */
    webhookUrl: text('webhook_url'),
    /** The event types it receives (WEBHOOK_EVENT_TYPES); empty: every type. */
    eventTypes: text('event_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Requests a minute it may make before 429 with Retry-After. */
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    status: text('status').notNull().default('active'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('service_clients_key_id_uq').on(t.keyId),
    uniqueIndex('service_clients_name_uq').on(sql`lower(name)`),
    index('service_clients_status_idx').on(t.status, t.createdAt),
    check('service_clients_status_known', sql`status = ANY (ARRAY['active'::text, 'revoked'::text])`),
    check('service_clients_rate_limit_range', sql`(rate_limit_per_minute >= 1) AND (rate_limit_per_minute <= 100000)`),
  ],
);

/**
 * A secret made by an approved (four-eyes) create or rotate (migration 0047): the approver never
 * sees it; the staff member who asked reveals it once (`secret_enc` is then cleared). A copy of the
 * client's sealed secret at that moment: revealing it is refused once the client's secret changed.
 */
export const serviceClientReveals = pgTable(
  'service_client_reveals',
  {
    id: uuid('id').defaultRandom().primaryKey(),
    clientId: uuid('client_id').notNull(),
    revealTo: uuid('reveal_to').notNull(),
    approvalRequestId: uuid('approval_request_id'),
    secretEnc: text('secret_enc'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'service_client_reveals_client_id_fk',
      columns: [t.clientId],
      foreignColumns: [serviceClients.id],
    }).onDelete('cascade'),
    index('service_client_reveals_client_idx').on(t.clientId, t.revealTo),
  ],
);
