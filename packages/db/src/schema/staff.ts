import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  uniqueIndex,
  inet,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  doublePrecision,
} from 'drizzle-orm/pg-core';
import { bytea, citext } from './types';

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull().unique(),
    description: text('description').notNull().default(''),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isSystem: boolean('is_system').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Members sign in with a passkey once they have one; without one they are asked to register one (migration 0028). */
    requirePasskey: boolean('require_passkey').notNull().default(false),
    /** Set when a role still named by removed admins is deleted: it leaves the lists, the rows keep it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One title as people read it: case, full-width forms and spacing folded (migration 0039).
  () => [uniqueIndex('roles_title_folded_key').on(sql`folded_title(title)`)],
);

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: citext('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    /** pending (invited, not confirmed), active, disabled, removed */
    status: text('status').notNull().default('pending'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** AES-256-GCM ciphertext of the TOTP secret (key from config). */
    totpSecretEnc: text('totp_secret_enc'),
    /** Secret offered by /auth/2fa/start/enable, waiting for its first code. */
    totpPendingSecretEnc: text('totp_pending_secret_enc'),
    /** Highest TOTP time step accepted: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_role_idx').on(t.roleId), index('staff_status_created_idx').on(t.status, t.createdAt, t.id)],
);

export const staffInvites = pgTable('staff_invites', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staff.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** false while the account has yet to enable two-factor: such a session reaches only /enable-2fa. */
    twoFactorPassed: boolean('two_factor_passed').notNull(),
    /** How it was opened: password (with TOTP once enabled) or passkey. */
    method: text('method').notNull().default('password'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    check('staff_sessions_method_check', sql`method = ANY (ARRAY['password'::text, 'passkey'::text])`),
  ],
);

/** WebAuthn credentials of staff (passkeys); migration 0028. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id').notNull(),
    /** base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull().unique(),
    /** COSE public key. */
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter: an assertion must exceed it (unless both are 0). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_passkeys_staff_idx').on(t.staffId, t.createdAt),
    foreignKey({ name: 'staff_passkeys_staff_id_fkey', columns: [t.staffId], foreignColumns: [staff.id] }),
  ],
);

/** Single-use WebAuthn challenges, shared by every API instance. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** register or sign-in */
    purpose: text('purpose').notNull(),
    staffId: uuid('staff_id'),
    sessionId: uuid('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    foreignKey({
      name: 'webauthn_challenges_staff_id_fkey',
      columns: [t.staffId],
      foreignColumns: [staff.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'webauthn_challenges_session_id_fkey',
      columns: [t.sessionId],
      foreignColumns: [staffSessions.id],
    }).onDelete('cascade'),
    check('webauthn_challenges_purpose_check', sql`purpose = ANY (ARRAY['register'::text, 'sign-in'::text])`),
  ],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: citext('email').notNull(),
    ip: text('ip').notNull(),
    /** password or code */
    step: text('step').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.at), index('login_attempts_ip_idx').on(t.ip, t.at)],
);

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: citext('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: inet('ip'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    userAgent: text('user_agent'),
    /** The request that wrote the row (its X-Request-Id; migration 0040), outside the hash chain. */
    requestId: text('request_id'),
    /** The hash chain (migration 0024): written by the database at commit, never by the app. */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: bytea('prev_hash'),
    hash: bytea('hash'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorEmail, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_request_id_idx')
      .on(t.requestId)
      .where(sql`${t.requestId} IS NOT NULL`),
    check(
      'audit_log_request_id_shape',
      sql`(request_id IS NULL) OR (request_id ~ '^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$'::text)`,
    ),
    uniqueIndex('audit_log_chain_seq_idx')
      .on(t.chainSeq)
      .where(sql`${t.chainSeq} IS NOT NULL`),
  ],
);

/**
 * The audit trail's anchors (migration 0038): an index only. Verification trusts the file-store
 * object (`object_key`) checked against the chain transaction (`tx_hash`), never this table.
 */
export const auditAnchors = pgTable(
  'audit_anchors',
  {
    /** The anchor's number: 1, 2, 3... (its object is audit-anchors/<id>.json). */
    id: bigint('id', { mode: 'number' }).primaryKey(),
    fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
    headSeq: bigint('head_seq', { mode: 'number' }).notNull(),
    headRowId: bigint('head_row_id', { mode: 'number' }).notNull(),
    headHash: text('head_hash').notNull(),
    rowCount: integer('row_count').notNull(),
    objectKey: text('object_key').notNull(),
    digest: text('digest').notNull(),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    block: bigint('block', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('audit_anchors_head_seq_idx').on(t.headSeq),
    check('audit_anchors_range', sql`(from_seq >= 1) AND (head_seq >= from_seq)`),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** queued, sent, failed */
    status: text('status').notNull().default('queued'),
    attempts: bigint('attempts', { mode: 'number' }).notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);
