import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { citext, money } from './types';

/** Customers of the savings and wallet product (not staff). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    username: citext('username').notNull().unique(),
    email: citext('email').notNull().unique(),
    phoneNo: text('phone_no'),
    /** Country of residence, of the sign-up IP, and of the time zone (ISO 3166 alpha-2). */
    residenceCountry: text('residence_country'),
    ipCountry: text('ip_country'),
    zoneCountry: text('zone_country'),
    profileUrl: text('profile_url'),
    hasCompletedProfile: boolean('has_completed_profile').notNull().default(false),
    deactivated: boolean('deactivated').notNull().default(false),
    enabledTwoFactor: boolean('enabled_two_factor').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    kycLevelTwoStatus: text('kyc_level_two_status'),
    kycLevelThreeStatus: text('kyc_level_three_status'),
    trustScore: smallint('trust_score').notNull().default(50),
    referralCode: text('referral_code').notNull().unique(),
    refereeId: uuid('referee_id'),
    registrationDeviceDetails: jsonb('registration_device_details'),
    registrationCoordinates: jsonb('registration_coordinates'),
    /** The customer's role in the product (User or Staff); null means User. */
    roleId: uuid('role_id').references(() => customerRoles.id),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginLocation: jsonb('last_login_location'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The four searched fields as one lower-case string, control character 1 between them (a search
     * may not contain it, so a match never spans two fields); stored (migration 0004).
     */
    searchDoc: text('search_doc').generatedAlwaysAs(
      sql`lower(((((((full_name || '\x01'::text) || (username)::text) || '\x01'::text) || (email)::text) || '\x01'::text) || COALESCE(phone_no, ''::text)))`,
    ),
  },
  (t) => [
    index('users_created_at_idx').on(t.createdAt, t.id),
    index('users_referee_idx').on(t.refereeId),
    index('users_kyc2_idx').on(t.kycLevelTwoStatus),
    // Users By Country lists: one per country type, newest first.
    index('users_zone_country_idx').on(t.zoneCountry, t.createdAt, t.id),
    index('users_ip_country_idx').on(t.ipCountry, t.createdAt, t.id),
    index('users_residence_country_idx').on(t.residenceCountry, t.createdAt, t.id),
    index('users_phone_idx').on(t.phoneNo),
    index('users_registration_device_idx').on(sql`((registration_device_details ->> 'serial'::text))`),
    // The user search reads user_search_suffixes (migration 0005); the trigram indexes it had
    // before are gone (migration 0034).
  ],
);

export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    address: text('address').notNull(),
    network: integer('network').notNull().default(56),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallets_user_idx').on(t.userId),
    uniqueIndex('wallets_address_idx').on(t.address),
    // The chain watcher finds a transfer's recipient by address, whatever its case (migration 0043).
    index('wallets_address_lower_idx').on(sql`lower(address)`),
  ],
);

/**
 * One row per wallet and currency. Only the ledger trigger may change `balance`:
 * every balance change is a ledger row.
 */
export const walletBalances = pgTable(
  'wallet_balances',
  {
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    currency: text('currency').notNull(),
    balance: money('balance').notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.walletId, t.currency] }),
    index('wallet_balances_currency_balance_idx').on(t.currency, t.balance, t.walletId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    currency: text('currency').notNull(),
    /** Signed: credit positive, debit negative. */
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after'),
    /** funding, withdrawal, transfer, savings, remittance, adjustment, ... */
    kind: text('kind').notNull(),
    referenceType: text('reference_type'),
    referenceId: text('reference_id'),
    /** Staff member who caused it, when one did. */
    staffId: uuid('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_wallet_idx').on(t.walletId, t.currency, t.id),
    // A refused withdrawal is refunded once.
    uniqueIndex('ledger_withdrawal_refund_uq')
      .on(t.referenceId)
      .where(sql`(kind = 'withdrawal-refund'::text)`),
  ],
);

/** Fixed and flexible savings plans (plan_type fixed | flexible). */
export const savingsPlans = pgTable(
  'savings_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planType: text('plan_type').notNull(),
    planName: text('plan_name').notNull(),
    protocolName: text('protocol_name').notNull().default('xAuto'),
    currency: text('currency').notNull().default('BUSD'),
    depositAmount: money('deposit_amount').notNull(),
    shareBalance: money('share_balance').notNull().default('0'),
    /** Fixed plans: end of the lock (the spec's lockPeriod, unix time). */
    lockPeriod: timestamp('lock_period', { withTimezone: true }),
    depositTime: timestamp('deposit_time', { withTimezone: true }),
    withdrawalTime: timestamp('withdrawal_time', { withTimezone: true }),
    withdrawalAmount: money('withdrawal_amount'),
    depositTransactionHash: text('deposit_transaction_hash')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    withdrawalTransactionHash: text('withdrawal_transaction_hash')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** active, matured, withdrawn */
    planState: text('plan_state').notNull().default('active'),
    /** pending, saved, failed */
    saveStatus: text('save_status').notNull().default('saved'),
    locked: boolean('locked').notNull().default(false),
    lockedAmount: money('locked_amount'),
    lockedComment: text('locked_comment'),
    lockedBy: uuid('locked_by'),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    unlockedBy: uuid('unlocked_by'),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('savings_plans_user_idx').on(t.userId),
    index('savings_plans_type_state_idx').on(t.planType, t.planState),
    index('savings_plans_locked_idx')
      .on(t.planType, sql`COALESCE(unlocked_at, locked_at) DESC`, t.id)
      .where(sql`(locked OR (unlocked_at IS NOT NULL))`),
    index('savings_plans_maturing_idx')
      .on(t.lockPeriod, t.id)
      .where(sql`((plan_type = 'fixed'::text) AND (plan_state <> 'withdrawn'::text))`),
  ],
);

/**
 * Holds on savings plans (migration 0018): append-only, like ledger_entries. A lock writes +amount,
 * an unlock -(the held sum); a trigger stores the plan's held total on the row and refuses one
 * below zero.
 */
export const savingsLockEntries = pgTable(
  'savings_lock_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => savingsPlans.id),
    currency: text('currency').notNull(),
    /** Signed: hold positive (lock), release negative (unlock). */
    amount: money('amount').notNull(),
    heldAfter: money('held_after'),
    /** lock, unlock */
    kind: text('kind').notNull(),
    staffId: uuid('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('savings_lock_entries_plan_idx').on(t.planId, t.id),
    check('savings_lock_entries_kind_check', sql`kind = ANY (ARRAY['lock'::text, 'unlock'::text])`),
    check(
      'savings_lock_entries_sign_check',
      sql`((kind = 'lock'::text) AND (amount > (0)::numeric)) OR ((kind = 'unlock'::text) AND (amount < (0)::numeric))`,
    ),
  ],
);

export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id),
    amount: money('amount').notNull(),
    finalAmount: money('final_amount').notNull(),
    fee: money('fee').notNull().default('0'),
    currency: text('currency').notNull(),
    /** State codes 0-9 (Fund ... Flexible Withdrawal). */
    transactionState: smallint('transaction_state').notNull(),
    /** funding, withdraw, transfer, swap, save */
    typeOfTransaction: text('type_of_transaction').notNull(),
    description: text('description'),
    txnHash: text('txn_hash'),
    toAddress: text('to_address'),
    fromAddress: text('from_address'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_tx_user_idx').on(t.userId, t.createdAt),
    index('wallet_tx_state_idx').on(t.transactionState, t.createdAt),
    index('wallet_tx_created_idx').on(t.createdAt, t.id),
    index('wallet_tx_state_created_id_idx').on(t.transactionState, t.createdAt, t.id),
  ],
);

export const savingsTransactions = pgTable(
  'savings_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => savingsPlans.id),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    network: integer('network').notNull().default(56),
    txnHash: text('txn_hash'),
    transactionState: smallint('transaction_state').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('savings_tx_user_idx').on(t.userId, t.createdAt),
    index('savings_tx_plan_idx').on(t.planId),
    index('savings_tx_created_idx').on(t.createdAt),
    index('savings_tx_created_id_idx').on(t.createdAt, t.id),
    index('savings_tx_state_created_idx').on(t.transactionState, t.createdAt, t.id),
  ],
);

export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    referredUserId: uuid('referred_user_id')
      .notNull()
      .references(() => users.id)
      .unique(),
    /** pending, verified, paid */
    refferalState: text('referral_state').notNull().default('pending'),
    deviceSerialNumber: text('device_serial_number'),
    rewardAmount: money('reward_amount').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referrals_referrer_idx').on(t.referrerId, t.createdAt)],
);

/** Roles a customer can hold in the product ("User", "Staff"), distinct from back-office staff roles. */
export const customerRoles = pgTable('customer_roles', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull().unique(),
  slug: text('slug').notNull().unique(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Customer user types (agent kinds and the like). */
export const userTypes = pgTable(
  'user_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: citext('name').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One name as people read it: case, full-width forms and spacing folded (migration 0039).
  () => [uniqueIndex('user_types_name_folded_key').on(sql`folded_title((name)::text)`)],
);

export const userUserTypes = pgTable(
  'user_usertypes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    userTypeId: uuid('user_type_id')
      .notNull()
      .references(() => userTypes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.userTypeId] }),
    index('user_usertypes_type_idx').on(t.userTypeId, t.userId),
    index('user_usertypes_type_created_idx').on(
      t.userTypeId,
      t.createdAt.desc().nullsFirst(),
      t.userId.desc().nullsFirst(),
    ),
  ],
);

/** Bank accounts a customer registered for fiat payouts. */
export const userBankAccounts = pgTable(
  'user_bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_bank_accounts_user_idx').on(t.userId)],
);
