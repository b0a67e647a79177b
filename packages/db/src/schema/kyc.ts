import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './customers';
import { staff } from './staff';
import { citext, money } from './types';

/* Identity checks, levels, fraud lists and funding requests (migrations 0006, 0029). */

export const kycLevels = pgTable(
  'kyc_levels',
  {
    id: uuid().defaultRandom().primaryKey(),
    levelName: text('level_name').notNull(),
    levelNumber: smallint('level_number').notNull(),
    dailyWithdrawal: money('daily_withdrawal').notNull(),
    monthlyWithdrawal: money('monthly_withdrawal').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    unique('kyc_levels_level_number_unique').on(t.levelNumber),
    check('kyc_levels_level_number_check', sql`(level_number >= 1) AND (level_number <= 3)`),
  ],
);

export const kycRecords = pgTable(
  'kyc_records',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid('user_id').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    dateOfBirth: date('date_of_birth'),
    gender: text(),
    residentAddress: text('resident_address'),
    countryCode: text('country_code'),
    deviceId: text('device_id'),
    idcardType: text('idcard_type'),
    idcardNumber: text('idcard_number'),
    idcardIpfsHash: text('idcard_ipfs_hash'),
    idcardEncryptKey: text('idcard_encrypt_key'),
    selfieIpfsHash: text('selfie_ipfs_hash'),
    selfieEncryptKey: text('selfie_encrypt_key'),
    levelTwoStatus: text('level_two_status'),
    levelThreeStatus: text('level_three_status'),
    levelTwoApprovedBy: uuid('level_two_approved_by'),
    levelTwoApprovedAt: timestamp('level_two_approved_at', { withTimezone: true }),
    rejectedBy: uuid('rejected_by'),
    rejectionTime: timestamp('rejection_time', { withTimezone: true }),
    levelTwoRejectionReason: text('level_two_rejection_reason'),
    levelTwoRejectionMessage: text('level_two_rejection_message'),
    claimedBy: uuid('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('kyc_records_claimed_by_idx')
      .on(t.claimedBy)
      .where(sql`(claimed_by IS NOT NULL)`),
    index('kyc_records_device_idx').on(t.deviceId, t.createdAt.desc().nullsFirst(), t.id),
    index('kyc_records_idcard_idx').on(t.idcardNumber, t.createdAt.desc().nullsFirst(), t.id),
    index('kyc_records_l2_all_idx')
      .on(t.updatedAt, t.id)
      .where(sql`(level_two_status IS NOT NULL)`),
    index('kyc_records_l2_list_idx').on(t.levelTwoStatus, t.updatedAt, t.id),
    index('kyc_records_l3_all_idx')
      .on(t.updatedAt, t.id)
      .where(sql`(level_three_status IS NOT NULL)`),
    index('kyc_records_l3_list_idx')
      .on(t.levelThreeStatus, t.updatedAt, t.id)
      .where(sql`(level_three_status IS NOT NULL)`),
    index('kyc_records_phone_idx').on(t.phoneNumber, t.createdAt.desc().nullsFirst(), t.id),
    index('kyc_records_unattended_idx')
      .on(t.createdAt, t.id)
      .where(sql`(level_two_status = 'submitted'::text)`),
    foreignKey({
      columns: [t.userId],
      foreignColumns: [users.id],
      name: 'kyc_records_user_id_users_id_fk',
    }),
    unique('kyc_records_user_id_unique').on(t.userId),
    check(
      'kyc_records_level_two_status_check',
      sql`level_two_status = ANY (ARRAY['submitted'::text, 'approved'::text, 'rejected'::text, 'escalated'::text])`,
    ),
    check(
      'kyc_records_level_three_status_check',
      sql`level_three_status = ANY (ARRAY['submitted'::text, 'approved'::text, 'rejected'::text])`,
    ),
  ],
);

export const kycHistory = pgTable(
  'kyc_history',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kycId: uuid('kyc_id').notNull(),
    userId: uuid('user_id').notNull(),
    level: smallint().default(2).notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    staffId: uuid('staff_id'),
    staffEmail: text('staff_email'),
    reason: text(),
    message: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('kyc_history_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id),
    foreignKey({
      columns: [t.kycId],
      foreignColumns: [kycRecords.id],
      name: 'kyc_history_kyc_id_kyc_records_id_fk',
    }),
  ],
);

export const kycStatusCounts = pgTable(
  'kyc_status_counts',
  {
    level: smallint().notNull(),
    status: text().notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    n: bigint({ mode: 'number' }).default(0).notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.status], name: 'kyc_status_counts_pkey' })],
);

export const blacklistedDevices = pgTable(
  'blacklisted_devices',
  {
    id: uuid().defaultRandom().primaryKey(),
    deviceId: text('device_id').notNull(),
    userId: uuid('user_id'),
    blacklisted: boolean().default(true).notNull(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('blacklisted_devices_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    foreignKey({
      columns: [t.userId],
      foreignColumns: [users.id],
      name: 'blacklisted_devices_user_id_users_id_fk',
    }),
    unique('blacklisted_devices_device_id_unique').on(t.deviceId),
  ],
);

export const doubleFundings = pgTable(
  'double_fundings',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid('user_id').notNull(),
    status: text().default('pending').notNull(),
    fundingStatus: text('funding_status').default('pending').notNull(),
    amountReceived: money('amount_received').notNull(),
    totalAmountDeposited: money('total_amount_deposited').notNull(),
    depositAddress: text('deposit_address').notNull(),
    receivingAddress: text('receiving_address').notNull(),
    processListCreator: uuid('process_list_creator'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('double_fundings_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id),
    foreignKey({
      columns: [t.userId],
      foreignColumns: [users.id],
      name: 'double_fundings_user_id_users_id_fk',
    }),
    check('double_fundings_status_check', sql`status = ANY (ARRAY['pending'::text, 'deleted'::text])`),
  ],
);

export const fundingRequests = pgTable(
  'funding_requests',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid('user_id').notNull(),
    amountReceived: money('amount_received').notNull(),
    currency: text().default('BUSD').notNull(),
    receivingAddress: text('receiving_address').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('funding_requests_address_idx').on(sql`lower(receiving_address)`, t.createdAt.desc().nullsFirst()),
    index('funding_requests_hash_idx').on(sql`lower(transaction_hash)`),
    index('funding_requests_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    foreignKey({
      columns: [t.userId],
      foreignColumns: [users.id],
      name: 'funding_requests_user_id_users_id_fk',
    }),
  ],
);

export const watchlist = pgTable(
  'watchlist',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid('user_id').notNull(),
    reason: text().notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('watchlist_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    foreignKey({
      columns: [t.userId],
      foreignColumns: [users.id],
      name: 'watchlist_user_id_users_id_fk',
    }),
    unique('watchlist_user_id_unique').on(t.userId),
  ],
);

export const caseNotes = pgTable(
  'case_notes',
  {
    id: uuid().defaultRandom().primaryKey(),
    userId: uuid('user_id').notNull(),
    kycRecordId: uuid('kyc_record_id'),
    correctsId: uuid('corrects_id'),
    body: text().notNull(),
    authorId: uuid('author_id').notNull(),
    authorEmail: citext('author_email').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('case_notes_body_trgm_idx').using('gin', t.body.op('gin_trgm_ops')),
    index('case_notes_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('case_notes_kyc_idx')
      .on(t.kycRecordId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`(kyc_record_id IS NOT NULL)`),
    index('case_notes_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignKey({
      columns: [t.userId],
      foreignColumns: [users.id],
      name: 'case_notes_user_id_fkey',
    }),
    foreignKey({
      columns: [t.kycRecordId],
      foreignColumns: [kycRecords.id],
      name: 'case_notes_kyc_record_id_fkey',
    }),
    foreignKey({
      columns: [t.authorId],
      foreignColumns: [staff.id],
      name: 'case_notes_author_id_fkey',
    }),
    foreignKey({
      columns: [t.correctsId, t.userId],
      foreignColumns: [t.id, t.userId],
      name: 'case_notes_corrects_same_user',
    }),
    unique('case_notes_id_user_unique').on(t.id, t.userId),
    check(
      'case_notes_body_length',
      sql`((char_length(body) >= 1) AND (char_length(body) <= 1000)) AND (body = btrim(body))`,
    ),
    check('case_notes_corrects_other', sql`corrects_id IS DISTINCT FROM id`),
  ],
);
