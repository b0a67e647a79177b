import { bigint, index, numeric, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/* Anchored-list machinery: per-list anchors every 256 or 64 rows and the pending deltas that keep them exact, and the trigram suffixes of user search (migrations 0004, 0005, 0012, 0013, 0015, 0016). The triggers and refresh functions that fill them stay in SQL. */

export const balanceAnchors = pgTable(
  'balance_anchors',
  {
    listKey: text('list_key').notNull(),
    sortKey: numeric('sort_key').notNull(),
    sortId: uuid('sort_id').notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    rank: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('balance_anchors_key_idx').on(t.listKey, t.sortKey, t.sortId),
    index('balance_anchors_rank_idx').on(t.listKey, t.rank),
  ],
);

export const balanceDeltas = pgTable(
  'balance_deltas',
  {
    listKey: text('list_key').notNull(),
    sortKey: numeric('sort_key').notNull(),
    sortId: uuid('sort_id').notNull(),
    delta: smallint().notNull(),
  },
  (t) => [index('balance_deltas_key_idx').on(t.listKey, t.sortKey, t.sortId)],
);

export const userListAnchors = pgTable(
  'user_list_anchors',
  {
    listKey: text('list_key').notNull(),
    sortKey: timestamp('sort_key', { withTimezone: true }).notNull(),
    sortId: uuid('sort_id').notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    rank: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('user_list_anchors_key_idx').on(t.listKey, t.sortKey, t.sortId),
    index('user_list_anchors_rank_idx').on(t.listKey, t.rank),
  ],
);

export const userListDeltas = pgTable(
  'user_list_deltas',
  {
    listKey: text('list_key').notNull(),
    sortKey: timestamp('sort_key', { withTimezone: true }).notNull(),
    sortId: uuid('sort_id').notNull(),
    delta: smallint().notNull(),
  },
  (t) => [index('user_list_deltas_key_idx').on(t.listKey, t.sortKey, t.sortId)],
);

export const userSearchSuffixes = pgTable(
  'user_search_suffixes',
  {
    suffix: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [index('user_search_suffixes_idx').on(t.suffix, t.createdAt.desc().nullsFirst(), t.userId)],
);

export const kycListAnchors = pgTable(
  'kyc_list_anchors',
  {
    listKey: text('list_key').notNull(),
    sortKey: timestamp('sort_key', { withTimezone: true }).notNull(),
    sortId: uuid('sort_id').notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    rank: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('kyc_list_anchors_key_idx').on(t.listKey, t.sortKey, t.sortId),
    index('kyc_list_anchors_rank_idx').on(t.listKey, t.rank),
  ],
);

export const kycListDeltas = pgTable(
  'kyc_list_deltas',
  {
    listKey: text('list_key').notNull(),
    sortKey: timestamp('sort_key', { withTimezone: true }).notNull(),
    sortId: uuid('sort_id').notNull(),
    delta: smallint().notNull(),
  },
  (t) => [index('kyc_list_deltas_key_idx').on(t.listKey, t.sortKey, t.sortId)],
);

export const complianceListCounts = pgTable('compliance_list_counts', {
  listKey: text('list_key').primaryKey(),
  // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
  n: bigint({ mode: 'number' }).default(0).notNull(),
});

export const queueListAnchors = pgTable(
  'queue_list_anchors',
  {
    listKey: text('list_key').notNull(),
    sortKey: timestamp('sort_key', { withTimezone: true }).notNull(),
    sortId: uuid('sort_id').notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    rank: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('queue_list_anchors_key_idx').on(t.listKey, t.sortKey, t.sortId),
    index('queue_list_anchors_rank_idx').on(t.listKey, t.rank),
  ],
);

export const queueListDeltas = pgTable(
  'queue_list_deltas',
  {
    listKey: text('list_key').notNull(),
    sortKey: timestamp('sort_key', { withTimezone: true }).notNull(),
    sortId: uuid('sort_id').notNull(),
    delta: smallint().notNull(),
  },
  (t) => [index('queue_list_deltas_key_idx').on(t.listKey, t.sortKey, t.sortId)],
);

export const txListAnchors = pgTable(
  'tx_list_anchors',
  {
    listKey: text('list_key').notNull(),
    sortKey: timestamp('sort_key', { withTimezone: true }).notNull(),
    sortId: uuid('sort_id').notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    rank: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    index('tx_list_anchors_key_idx').on(t.listKey, t.sortKey, t.sortId),
    index('tx_list_anchors_rank_idx').on(t.listKey, t.rank),
  ],
);

export const txListDeltas = pgTable(
  'tx_list_deltas',
  {
    listKey: text('list_key').notNull(),
    sortKey: timestamp('sort_key', { withTimezone: true }).notNull(),
    sortId: uuid('sort_id').notNull(),
    delta: smallint().notNull(),
  },
  (t) => [index('tx_list_deltas_key_idx').on(t.listKey, t.sortKey, t.sortId)],
);

export const savingsGroupCountDeltas = pgTable(
  'savings_group_count_deltas',
  {
    transactionState: smallint('transaction_state').notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    delta: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [index('savings_group_count_deltas_state_idx').on(t.transactionState)],
);
