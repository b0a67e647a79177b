import {
  bigint,
  bigserial,
  check,
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
import { users, wallets } from './customers';
import { money } from './types';

/**
 * The chain watcher (migration 0043, docs/decisions/chain-watcher.md): its cursor per chain, the
 * recent blocks it processed (to notice a reorganisation), and every token transfer it saw to a
 * customer's address with what became of it. Credits go through the ledger module and claim the
 * transfer in `transaction_claims` (kind `deposit`, with its log index).
 */
export const chainWatchCursors = pgTable('chain_watch_cursors', {
  chainId: integer('chain_id').primaryKey(),
  /** The last block whose logs were read and recorded; the next scan starts after it. */
  lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
  /** The chain's head as last read, and when. */
  headBlock: bigint('head_block', { mode: 'number' }),
  headSeenAt: timestamp('head_seen_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/** The hashes of the recent blocks processed: a block whose hash changed under the cursor is a reorganisation. */
export const chainWatchBlocks = pgTable(
  'chain_watch_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
);

/**
 * One row per token transfer seen in one block. status: seen (waiting for confirmations),
 * credited, dropped (its block was reorganised away before it was confirmed), ignored (recorded,
 * credits nothing: reason unknown-address, blacklisted, failed, ...).
 */
export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    /** The token contract (lowercase) and its currency code (BUSD, VLT). */
    token: text('token').notNull(),
    currency: text('currency').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** The transfer's value in wei (exact) and in tokens. */
    amountWei: numeric('amount_wei', { precision: 78, scale: 0 }).notNull(),
    amount: money('amount').notNull(),
    walletId: uuid('wallet_id').references(() => wallets.id),
    userId: uuid('user_id').references(() => users.id),
    status: text('status').notNull().default('seen'),
    reason: text('reason'),
    seenAt: timestamp('seen_at', { withTimezone: true }).defaultNow().notNull(),
    /** When it was credited or dropped or ignored, and the confirmations it had then. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    confirmations: integer('confirmations'),
    /** The ledger row and the customer's history row of the credit. */
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    walletTransactionId: uuid('wallet_transaction_id'),
  },
  (t) => [
    uniqueIndex('chain_deposits_log_block_uq').on(t.chainId, t.txHash, t.logIndex, t.blockHash),
    // One credit per transfer, whichever block carried it.
    uniqueIndex('chain_deposits_credited_uq')
      .on(t.chainId, t.txHash, t.logIndex)
      .where(sql`(status = 'credited'::text)`),
    index('chain_deposits_pending_idx')
      .on(t.chainId, t.blockNumber)
      .where(sql`(status = 'seen'::text)`),
    index('chain_deposits_user_idx').on(t.userId, t.seenAt),
    index('chain_deposits_seen_idx').on(t.seenAt),
    // What staff see (migration 0045): the profile's credited deposit by its wallet transaction,
    // the Advanced panel's transfers by status newest first, today's credits.
    index('chain_deposits_wallet_tx_idx')
      .on(t.walletTransactionId)
      .where(sql`(wallet_transaction_id IS NOT NULL)`),
    index('chain_deposits_status_seen_idx').on(t.status, t.seenAt, t.id),
    index('chain_deposits_credited_at_idx')
      .on(t.decidedAt)
      .where(sql`(status = 'credited'::text)`),
    check(
      'chain_deposits_status_check',
      sql`status = ANY (ARRAY['seen'::text, 'credited'::text, 'dropped'::text, 'ignored'::text])`,
    ),
    check(
      'chain_deposits_hash_lower',
      sql`(tx_hash = lower(tx_hash)) AND (to_address = lower(to_address)) AND (token = lower(token))`,
    ),
  ],
);

/**
 * Events out (the outbox): a decision writes its event here in its own transaction; webhook
 * delivery to the product's backend reads from it in id order. event_id is the stable id a
 * receiver sees; user_id orders deliveries per customer.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: uuid('event_id').defaultRandom().notNull(),
    type: text('type').notNull(),
    userId: uuid('user_id'),
    payload: jsonb('payload').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('outbox_events_event_id_uq').on(t.eventId), index('outbox_events_user_idx').on(t.userId, t.id)],
);
