import {
  bigint,
  bigserial,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users, walletTransactions } from './customers';
import { batches } from './operations';
import { staff } from './staff';
import { money, pgSnapshot, xid8 } from './types';

/* Reports and exports: fee and gas records, savings group totals, the report buckets and range results (migrations 0009, 0014, 0017). */

export const exports = pgTable(
  'exports',
  {
    id: uuid().defaultRandom().primaryKey(),
    report: text().notNull(),
    params: jsonb().notNull(),
    status: text().default('queued').notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    totalRows: bigint('total_rows', { mode: 'number' }),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    rowsWritten: bigint('rows_written', { mode: 'number' }).default(0).notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    bytes: bigint({ mode: 'number' }).default(0).notNull(),
    fileCid: text('file_cid'),
    fileKey: text('file_key'),
    error: text(),
    requestedBy: uuid('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('exports_created_idx').on(t.createdAt),
    index('exports_pending_idx')
      .on(t.createdAt)
      .where(sql`(status = ANY (ARRAY['queued'::text, 'running'::text]))`),
    index('exports_requested_by_idx').on(t.requestedBy, t.createdAt),
    foreignKey({
      columns: [t.requestedBy],
      foreignColumns: [staff.id],
      name: 'exports_requested_by_fkey',
    }),
    check(
      'exports_status_known',
      sql`status = ANY (ARRAY['queued'::text, 'running'::text, 'done'::text, 'failed'::text])`,
    ),
  ],
);

export const feeRecords = pgTable(
  'fee_records',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid('user_id').notNull(),
    walletTransactionId: uuid('wallet_transaction_id'),
    transactionAmount: money('transaction_amount').notNull(),
    finalAmount: money('final_amount').notNull(),
    fee: money('fee').notNull(),
    feeUsd: money('fee_usd').default('0').notNull(),
    discount: numeric({ precision: 5, scale: 2 }).default('0').notNull(),
    currency: text().notNull(),
    description: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('fee_records_created_idx').on(t.createdAt, t.id),
    index('fee_records_user_idx').on(t.userId, t.createdAt),
    foreignKey({
      columns: [t.userId],
      foreignColumns: [users.id],
      name: 'fee_records_user_id_fkey',
    }),
    foreignKey({
      columns: [t.walletTransactionId],
      foreignColumns: [walletTransactions.id],
      name: 'fee_records_wallet_transaction_id_fkey',
    }),
    check('fee_records_discount_range', sql`(discount >= (0)::numeric) AND (discount <= (100)::numeric)`),
    check('fee_records_fee_positive', sql`fee >= (0)::numeric`),
  ],
);

export const gasRecords = pgTable(
  'gas_records',
  {
    id: uuid().defaultRandom().primaryKey(),
    batchId: uuid('batch_id'),
    amount: money('amount').notNull(),
    action: text().notNull(),
    bnbPrice: money('bnb_price').notNull(),
    finalShares: money('final_shares').notNull(),
    gasCostUsd: money('gas_cost_usd').notNull(),
    gasPrice: money('gas_price').notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    gasUsed: bigint('gas_used', { mode: 'number' }).notNull(),
    initShares: money('init_shares').notNull(),
    pricePerFullShare: money('price_per_full_share').notNull(),
    shareBalance: money('share_balance').notNull(),
    protocolName: text('protocol_name').notNull(),
    processStatus: text('process_status').notNull(),
    transactionHash: text('transaction_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('gas_records_created_idx').on(t.createdAt, t.id),
    foreignKey({
      columns: [t.batchId],
      foreignColumns: [batches.id],
      name: 'gas_records_batch_id_fkey',
    }),
  ],
);

export const savingsGroupTotals = pgTable(
  'savings_group_totals',
  {
    transactionState: smallint('transaction_state').notNull(),
    userId: uuid('user_id').notNull(),
    currency: text().notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    n: bigint({ mode: 'number' }).notNull(),
    total: numeric().notNull(),
  },
  (t) => [
    index('savings_group_totals_rank_n_idx')
      .on(t.transactionState, t.total.desc().nullsFirst(), t.userId, t.currency)
      .where(sql`(n > 0)`),
    primaryKey({ columns: [t.transactionState, t.userId, t.currency], name: 'savings_group_totals_pkey' }),
  ],
);

export const reportBuckets = pgTable(
  'report_buckets',
  {
    kind: text().notNull(),
    bucket: date().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.bucket], name: 'report_buckets_pkey' })],
);

export const reportDirty = pgTable(
  'report_dirty',
  {
    kind: text().notNull(),
    bucket: date().notNull(),
  },
  (t) => [index('report_dirty_idx').on(t.kind, t.bucket)],
);

export const reportDayFees = pgTable(
  'report_day_fees',
  {
    day: date().notNull(),
    currency: text().notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    n: bigint({ mode: 'number' }).notNull(),
    fee: numeric().notNull(),
    feeUsd: numeric('fee_usd').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.currency], name: 'report_day_fees_pkey' })],
);

export const reportDayGas = pgTable('report_day_gas', {
  day: date().primaryKey(),
  // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
  n: bigint({ mode: 'number' }).notNull(),
  gasUsed: numeric('gas_used').notNull(),
  gasCostUsd: numeric('gas_cost_usd').notNull(),
});

export const reportWeekActivity = pgTable('report_week_activity', {
  week: date().primaryKey(),
  wallet: integer().notNull(),
  active: integer().notNull(),
});

export const reportWeekFeatures = pgTable(
  'report_week_features',
  {
    week: date().notNull(),
    feature: text().notNull(),
    uses: integer().notNull(),
    users: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.feature], name: 'report_week_features_pkey' })],
);

export const reportWeekSavings = pgTable(
  'report_week_savings',
  {
    week: date().notNull(),
    currency: text().notNull(),
    n: integer().notNull(),
    amount: numeric().notNull(),
  },
  (t) => [primaryKey({ columns: [t.week, t.currency], name: 'report_week_savings_pkey' })],
);

export const reportWeekSignups = pgTable('report_week_signups', {
  week: date().primaryKey(),
  signUps: integer('sign_ups').notNull(),
  verified: integer().notNull(),
});

export const reportRangeResults = pgTable(
  'report_range_results',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    report: text().notNull(),
    params: text().notNull(),
    firstDay: date('first_day').notNull(),
    lastDay: date('last_day').notNull(),
    snap: pgSnapshot('snap').notNull(),
    groups: integer().notNull(),
    total: numeric().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [unique('report_range_results_key').on(t.report, t.params)],
);

export const reportRangeRows = pgTable(
  'report_range_rows',
  {
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    resultId: bigint('result_id', { mode: 'number' }).notNull(),
    rank: integer().notNull(),
    userId: uuid('user_id').notNull(),
    currency: text().notNull(),
    n: integer().notNull(),
    total: numeric().notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      columns: [t.resultId],
      foreignColumns: [reportRangeResults.id],
      name: 'report_range_rows_result_id_fkey',
    }).onDelete('cascade'),
    primaryKey({ columns: [t.resultId, t.rank], name: 'report_range_rows_pkey' }),
  ],
);

export const reportRangeChanges = pgTable(
  'report_range_changes',
  {
    report: text().notNull(),
    day: date().notNull(),
    xid: xid8('xid')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('report_range_changes_day_idx').on(t.report, t.day)],
);
