import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { savingsPlans, users, wallets } from './customers';
import { staff } from './staff';
import { money } from './types';

/* Deposit and withdrawal queues, process lists, liquidity providers and bridge sell requests (migration 0007). */

export const queueItems = pgTable(
  'queue_items',
  {
    id: uuid().defaultRandom().primaryKey(),
    queue: text().notNull(),
    userId: uuid('user_id').notNull(),
    planId: uuid('plan_id').notNull(),
    amount: money('amount').notNull(),
    status: text().default('pending').notNull(),
    processListId: uuid('process_list_id'),
    transactionHash: text('transaction_hash'),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('queue_items_list_idx').on(t.queue, t.status, t.createdAt, t.id),
    index('queue_items_plan_idx').on(t.planId),
    index('queue_items_process_list_idx')
      .on(t.processListId)
      .where(sql`(process_list_id IS NOT NULL)`),
    foreignKey({
      columns: [t.userId],
      foreignColumns: [users.id],
      name: 'queue_items_user_id_fkey',
    }),
    foreignKey({
      columns: [t.planId],
      foreignColumns: [savingsPlans.id],
      name: 'queue_items_plan_id_fkey',
    }),
    foreignKey({
      columns: [t.processListId],
      foreignColumns: [processLists.id],
      name: 'queue_items_process_list_id_fkey',
    }),
    check('queue_items_queue_check', sql`queue = ANY (ARRAY['deposit'::text, 'withdraw'::text])`),
    check('queue_items_amount_check', sql`amount > (0)::numeric`),
    check(
      'queue_items_status_check',
      sql`status = ANY (ARRAY['pending'::text, 'processing'::text, 'done'::text, 'cancelled'::text, 'failed'::text])`,
    ),
  ],
);

export const queueCounts = pgTable(
  'queue_counts',
  {
    queue: text().notNull(),
    status: text().notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    n: bigint({ mode: 'number' }).default(0).notNull(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.status], name: 'queue_counts_pkey' })],
);

export const withdrawalRequests = pgTable(
  'withdrawal_requests',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid('user_id').notNull(),
    walletId: uuid('wallet_id').notNull(),
    currency: smallint().notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').default('0').notNull(),
    finalAmount: money('final_amount').notNull(),
    formerBalance: money('former_balance').notNull(),
    balance: money('balance').notNull(),
    status: smallint().default(8).notNull(),
    initiator: smallint().default(1).notNull(),
    p2PRef: text('p2p_ref'),
    destinationAddress: text('destination_address').notNull(),
    inAppTransaction: boolean('in_app_transaction').default(false).notNull(),
    transactionHash: text('transaction_hash'),
    channel: text(),
    processedBy: uuid('processed_by'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    lastStatusChangedBy: uuid('last_status_changed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('withdrawal_requests_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('withdrawal_requests_transaction_hash_uq')
      .on(sql`lower(transaction_hash)`)
      .where(sql`(transaction_hash IS NOT NULL)`),
    index('withdrawal_requests_user_idx').on(t.userId),
    foreignKey({
      columns: [t.userId],
      foreignColumns: [users.id],
      name: 'withdrawal_requests_user_id_fkey',
    }),
    foreignKey({
      columns: [t.walletId],
      foreignColumns: [wallets.id],
      name: 'withdrawal_requests_wallet_id_fkey',
    }),
    check('withdrawal_requests_currency_check', sql`currency = ANY (ARRAY[1, 2])`),
    check('withdrawal_requests_amount_check', sql`amount > (0)::numeric`),
    check('withdrawal_requests_status_check', sql`status = ANY (ARRAY[0, 1, 2, 3, 5, 6, 7, 8])`),
  ],
);

export const bridgeSellRequests = pgTable(
  'bridge_sell_requests',
  {
    id: uuid().defaultRandom().primaryKey(),
    orderReference: text('order_reference').notNull(),
    userId: uuid('user_id'),
    userEmail: text('user_email').notNull(),
    amount: money('amount').notNull(),
    payInCurrency: text('pay_in_currency').notNull(),
    destinationAddress: text('destination_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('bridge_sell_requests_reference_uq').on(sql`lower(order_reference)`),
    foreignKey({
      columns: [t.userId],
      foreignColumns: [users.id],
      name: 'bridge_sell_requests_user_id_fkey',
    }),
  ],
);

export const liquidityProviders = pgTable(
  'liquidity_providers',
  {
    id: uuid().defaultRandom().primaryKey(),
    name: text().notNull(),
    walletAddress: text('wallet_address').notNull(),
    isActive: boolean('is_active').default(true).notNull(),
    editedBy: uuid('edited_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('liquidity_providers_address_uq').on(sql`lower(wallet_address)`),
    index('liquidity_providers_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

export const processLists = pgTable(
  'process_lists',
  {
    id: uuid().defaultRandom().primaryKey(),
    type: text().notNull(),
    status: smallint().default(0).notNull(),
    transactionHash: text('transaction_hash'),
    batchId: uuid('batch_id'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    sentHash: text('sent_hash'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: uuid('sent_by'),
  },
  (t) => [
    uniqueIndex('process_lists_active_uq')
      .on(t.type)
      .where(sql`(status <> 2)`),
    index('process_lists_created_idx').on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('process_lists_hash_uq')
      .on(t.transactionHash)
      .where(sql`(transaction_hash IS NOT NULL)`),
    uniqueIndex('process_lists_sent_hash_uq')
      .on(sql`lower(sent_hash)`)
      .where(sql`(sent_hash IS NOT NULL)`),
    foreignKey({
      columns: [t.sentBy],
      foreignColumns: [staff.id],
      name: 'process_lists_sent_by_fkey',
    }),
    check('process_lists_type_check', sql`type = ANY (ARRAY['deposit'::text, 'withdraw'::text])`),
    check('process_lists_status_check', sql`status = ANY (ARRAY[0, 1, 2])`),
  ],
);
