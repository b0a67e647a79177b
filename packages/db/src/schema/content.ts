import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { staff } from './staff';
import { citext, money } from './types';

/* Greetings, newsletters, bot settings and the scheduler (migration 0008). */

export const greetings = pgTable(
  'greetings',
  {
    id: uuid().defaultRandom().primaryKey(),
    title: text().notNull(),
    description: varchar({ length: 100 }).notNull(),
    timeFrame: text('time_frame').default('').notNull(),
    expiryTime: timestamp('expiry_time', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('greetings_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('greetings_expiry_idx').on(t.expiryTime),
    foreignKey({
      columns: [t.createdBy],
      foreignColumns: [staff.id],
      name: 'greetings_created_by_fkey',
    }).onDelete('set null'),
    check(
      'greetings_time_frame_check',
      sql`time_frame = ANY (ARRAY[''::text, 'morning'::text, 'afternoon'::text, 'evening'::text])`,
    ),
  ],
);

export const newsletters = pgTable(
  'newsletters',
  {
    id: uuid().defaultRandom().primaryKey(),
    subject: text().notNull(),
    bannerUrl: text('banner_url').default('').notNull(),
    previewMessage: text('preview_message').default('').notNull(),
    maillist: text().default('subscribers').notNull(),
    content: text().default('').notNull(),
    deliveryType: text('delivery_type').default('instant').notNull(),
    deliveryStatus: text('delivery_status').default('saved').notNull(),
    deliveryDate: timestamp('delivery_date', { withTimezone: true }),
    instantProcessing: boolean('instant_processing').default(true).notNull(),
    creatorId: uuid('creator_id'),
    creatorEmail: citext('creator_email').notNull(),
    isPublished: boolean('is_published').default(false).notNull(),
    approvedByEmail: citext('approved_by_email'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    totalSent: integer('total_sent').default(0).notNull(),
    totalFailed: integer('total_failed').default(0).notNull(),
    totalRecipients: integer('total_recipients'),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    cursorSubscriberId: bigint('cursor_subscriber_id', { mode: 'number' }).default(0).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    totalInDoubt: integer('total_in_doubt').default(0).notNull(),
  },
  (t) => [
    index('newsletters_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`(delivery_status <> 'deleted'::text)`),
    index('newsletters_due_idx')
      .on(t.deliveryStatus, t.deliveryDate)
      .where(sql`is_published`),
    foreignKey({
      columns: [t.creatorId],
      foreignColumns: [staff.id],
      name: 'newsletters_creator_id_fkey',
    }).onDelete('set null'),
  ],
);

export const newsletterConfig = pgTable(
  'newsletter_config',
  {
    id: smallint().default(1).primaryKey(),
    senderName: text('sender_name').notNull(),
    senderEmail: citext('sender_email').notNull(),
    maxMailsPerBatch: integer('max_mails_per_batch').notNull(),
    waitMinutesPerBatch: numeric('wait_minutes_per_batch', { precision: 10, scale: 4 }).notNull(),
    accessCodeHash: text('access_code_hash'),
    senderPinHash: text('sender_pin_hash'),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.updatedBy],
      foreignColumns: [staff.id],
      name: 'newsletter_config_updated_by_fkey',
    }).onDelete('set null'),
    check('newsletter_config_id_check', sql`id = 1`),
    check(
      'newsletter_config_max_mails_per_batch_check',
      sql`(max_mails_per_batch >= 1) AND (max_mails_per_batch <= 100000)`,
    ),
    check('newsletter_config_wait_minutes_per_batch_check', sql`wait_minutes_per_batch >= (0)::numeric`),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    list: text().default('subscribers').notNull(),
    email: citext('email').notNull(),
    subscribed: boolean().default(true).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    index('newsletter_subscribers_list_idx')
      .on(t.list, t.id)
      .where(sql`subscribed`),
    unique('newsletter_subscribers_list_email_unique').on(t.list, t.email),
  ],
);

export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    newsletterId: uuid('newsletter_id').notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    subscriberId: bigint('subscriber_id', { mode: 'number' }).notNull(),
    status: text().default('claimed').notNull(),
    error: text(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).defaultNow().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('newsletter_deliveries_unfinished_idx')
      .on(t.newsletterId)
      .where(sql`(status = ANY (ARRAY['claimed'::text, 'sending'::text]))`),
    foreignKey({
      columns: [t.newsletterId],
      foreignColumns: [newsletters.id],
      name: 'newsletter_deliveries_newsletter_id_fkey',
    }),
    foreignKey({
      columns: [t.subscriberId],
      foreignColumns: [newsletterSubscribers.id],
      name: 'newsletter_deliveries_subscriber_id_fkey',
    }),
    primaryKey({ columns: [t.newsletterId, t.subscriberId], name: 'newsletter_deliveries_pkey' }),
  ],
);

export const botConfigs = pgTable(
  'bot_configs',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    value: text().notNull(),
    kind: text().notNull(),
    bot: text().notNull(),
    description: text().default('').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    foreignKey({
      columns: [t.updatedBy],
      foreignColumns: [staff.id],
      name: 'bot_configs_updated_by_fkey',
    }).onDelete('set null'),
    unique('bot_configs_name_key').on(t.name),
    check('bot_configs_kind_check', sql`kind = ANY (ARRAY['switch'::text, 'cron'::text])`),
  ],
);

export const botRuns = pgTable(
  'bot_runs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    bot: text().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text().default('running').notNull(),
    durationMs: integer('duration_ms'),
    detail: text(),
  },
  (t) => [index('bot_runs_bot_idx').on(t.bot, t.startedAt.desc().nullsFirst())],
);

export const processSettingsVersions = pgTable(
  'process_settings_versions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    vltTokenUsdPrice: money('vlt_token_usd_price').notNull(),
    busdTokenUsdPrice: money('busd_token_usd_price').notNull(),
    vltTokenApr: money('vlt_token_apr').notNull(),
    changedBy: uuid('changed_by'),
    changedByEmail: citext('changed_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('process_settings_versions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignKey({
      columns: [t.changedBy],
      foreignColumns: [staff.id],
      name: 'process_settings_versions_changed_by_fkey',
    }).onDelete('set null'),
  ],
);

export const schedulerHeartbeats = pgTable('scheduler_heartbeats', {
  worker: text().primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).defaultNow().notNull(),
});

/** One row per worker process (its heartbeat): the API's /metrics reports how long ago each was seen. */
export const workerInstances = pgTable(
  'worker_instances',
  {
    id: uuid('id').primaryKey(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    heartbeatSeconds: integer('heartbeat_seconds').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).defaultNow().notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).defaultNow().notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    jobsRun: bigint('jobs_run', { mode: 'number' }).default(0).notNull(),
    jobsFailed: bigint('jobs_failed', { mode: 'number' }).default(0).notNull(),
  },
  (t) => [
    index('worker_instances_last_seen_idx').on(t.lastSeenAt),
    check('worker_instances_heartbeat', sql`heartbeat_seconds >= 1`),
  ],
);
