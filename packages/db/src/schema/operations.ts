import {
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { savingsPlans, users } from './customers';
import { processLists } from './queues';
import { staff } from './staff';
import { money } from './types';

/**
 * The company's own (custodial) wallets: treasury, the bulk sender that pays withdrawals out,
 * the withdrawal-out wallet, and the account that pays referral rewards.
 */
export const custodialWallets = pgTable('custodial_wallets', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull(),
  /** treasury | bulkSender | withdrawalOut | referralPayout */
  purpose: text('purpose').notNull(),
  address: text('address').notNull().unique(),
  network: integer('network').notNull().default(56),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Balances of a custodial wallet as last read (on chain, or seeded); the newest row per currency counts. */
export const custodialBalanceSnapshots = pgTable(
  'custodial_balance_snapshots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => custodialWallets.id),
    currency: text('currency').notNull(),
    balance: money('balance').notNull(),
    /** chain | seed */
    source: text('source').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custodial_snapshots_wallet_idx').on(t.walletId, t.currency, t.readAt)],
);

/** USD price per currency (BUSD, VLT, BNB, xBUSD), as staff or the price job last set it. */
export const tokenPrices = pgTable('token_prices', {
  currency: text('currency').primaryKey(),
  usdPrice: money('usd_price').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Vault share price history per protocol (xAuto, venus). */
export const sharePrices = pgTable(
  'share_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    protocol: text('protocol').notNull(),
    price: money('price').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_prices_protocol_idx').on(t.protocol, t.recordedAt)],
);

/** An on-chain deposit or withdraw batch of savings plans. */
export const batches = pgTable(
  'batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** deposit | withdraw */
    action: text('action').notNull(),
    /** fixed | flexible */
    planType: text('plan_type').notNull(),
    transactionHash: text('transaction_hash'),
    /** pending | confirmed | failed */
    status: text('status').notNull().default('confirmed'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processListId: uuid('process_list_id'),
    amount: money('amount'),
    /** On-chain integers (uint256) as read from the vault: numeric(78,0). */
    pricePerFullShare: numeric('price_per_full_share', { precision: 78, scale: 0 }),
    initShares: numeric('init_shares', { precision: 78, scale: 0 }),
    finalShares: numeric('final_shares', { precision: 78, scale: 0 }),
    protocolName: text('protocol_name'),
    network: integer('network'),
    gasUsed: numeric('gas_used', { precision: 78, scale: 0 }),
    block: numeric('block', { precision: 78, scale: 0 }),
    fromAddress: text('from_address'),
  },
  (t) => [
    index('batches_created_idx').on(t.createdAt),
    uniqueIndex('batches_transaction_hash_uq')
      .on(sql`lower(transaction_hash)`)
      .where(sql`(transaction_hash IS NOT NULL)`),
    foreignKey({ name: 'batches_process_list_id_fkey', columns: [t.processListId], foreignColumns: [processLists.id] }),
  ],
);

/**
 * One chain transaction backs one money event (migration 0035): every path that records money as
 * moved by a transaction claims it here, in the event's own database transaction. chain_id 0: the
 * chain was not recorded (such a claim holds the hash on every chain).
 */
export const transactionClaims = pgTable(
  'transaction_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    /** batch.deposit | batch.withdraw | sent.deposit | sent.withdraw | resolve.deposit | resolve.withdraw | payout | payout.in-app | deposit */
    kind: text('kind').notNull(),
    /** The batch, process list, withdrawal request, "batchId/planId" of a resolved part, or the chain deposit. */
    recordId: text('record_id').notNull(),
    /** A claim of one log of the transaction (a credited deposit, kind deposit); null: the whole transaction. */
    logIndex: integer('log_index'),
    claimedBy: uuid('claimed_by'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transaction_claims_hash_uq').on(t.chainId, sql`lower(hash)`, sql`COALESCE(log_index, '-1'::integer)`),
    index('transaction_claims_record_idx').on(t.kind, t.recordId),
    index('transaction_claims_hash_idx').on(sql`lower(hash)`),
    check('transaction_claims_hash_lower', sql`hash = lower(hash)`),
    check(
      'transaction_claims_kind_check',
      sql`kind = ANY (ARRAY['batch.deposit'::text, 'batch.withdraw'::text, 'sent.deposit'::text, 'sent.withdraw'::text, 'resolve.deposit'::text, 'resolve.withdraw'::text, 'payout'::text, 'payout.in-app'::text, 'deposit'::text])`,
    ),
  ],
);

/** Which plans a batch carried, and whether staff resolved the plan's part of it. */
export const batchPlans = pgTable(
  'batch_plans',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => savingsPlans.id),
    amount: money('amount').notNull(),
    /** included | resolved */
    status: text('status').notNull().default('included'),
    resolvedHash: text('resolved_hash'),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.planId] }), index('batch_plans_plan_idx').on(t.planId)],
);

/** Token rewards earned by a savings plan. */
export const rewardRecords = pgTable(
  'reward_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => savingsPlans.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull().default('VLT'),
    /** pending | paid */
    status: text('status').notNull().default('paid'),
    transactionHash: text('transaction_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reward_records_plan_idx').on(t.planId, t.createdAt)],
);

/**
 * A staff-triggered remittance of a customer's wallet funds. At most one pending remittance per
 * customer and currency: a double click or two staff at once cannot remit twice.
 */
export const remittances = pgTable(
  'remittances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    amount: money('amount').notNull(),
    /** pending | sent | failed */
    status: text('status').notNull().default('pending'),
    requestedBy: uuid('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('remittances_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('remittances_one_pending_idx')
      .on(t.userId, t.currency)
      .where(sql`status = 'pending'::text`),
  ],
);

/**
 * Reconciliation runs (migration 0023): queued by a Super Admin (requested_by) or the daily
 * schedule (null), computed by the worker, their figures kept in `summary`. At most one is queued
 * or running at a time (a unique partial index).
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    requestedBy: uuid('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** While running: the part being checked. */
    step: text('step'),
    error: text('error'),
    summary: jsonb('summary'),
  },
  (t) => [
    uniqueIndex('reconciliation_runs_one_active')
      .on(sql`(true)`)
      .where(sql`status = ANY (ARRAY['queued'::text, 'running'::text])`),
    index('reconciliation_runs_finished_idx').on(t.status, t.finishedAt.desc().nullsFirst(), t.id),
    foreignKey({ name: 'reconciliation_runs_requested_by_fkey', columns: [t.requestedBy], foreignColumns: [staff.id] }),
    check(
      'reconciliation_runs_status_known',
      sql`status = ANY (ARRAY['queued'::text, 'running'::text, 'done'::text, 'failed'::text])`,
    ),
  ],
);

/** A run's finding rows, by list (kind) and position: up to the row cap of each list. */
export const reconciliationRows = pgTable(
  'reconciliation_rows',
  {
    runId: uuid('run_id').notNull(),
    kind: text('kind').notNull(),
    position: integer('position').notNull(),
    row: jsonb('row').notNull(),
  },
  (t) => [
    primaryKey({ name: 'reconciliation_rows_pk', columns: [t.runId, t.kind, t.position] }),
    foreignKey({
      name: 'reconciliation_rows_run_id_fkey',
      columns: [t.runId],
      foreignColumns: [reconciliationRuns.id],
    }).onDelete('cascade'),
    check(
      'reconciliation_rows_kind_known',
      sql`kind = ANY (ARRAY['ledger'::text, 'flagged'::text, 'holds'::text, 'batches'::text, 'transactions'::text, 'deposits'::text])`,
    ),
  ],
);
