import {
  bigint,
  bigserial,
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { staff } from './staff';
import { citext, money } from './types';

/* Four-eyes approval requests and the versions of their policy (migration 0027). */

export const approvalPolicyVersions = pgTable(
  'approval_policy_versions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    policy: jsonb().notNull(),
    changedBy: uuid('changed_by'),
    changedByEmail: citext('changed_by_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('approval_policy_versions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    foreignKey({
      columns: [t.changedBy],
      foreignColumns: [staff.id],
      name: 'approval_policy_versions_changed_by_fkey',
    }).onDelete('set null'),
  ],
);

export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid().defaultRandom().primaryKey(),
    kind: text().notNull(),
    action: text().notNull(),
    permission: text().notNull(),
    payload: jsonb().notNull(),
    summary: text().notNull(),
    amountUsd: money('amount_usd'),
    snapshot: jsonb().notNull(),
    reason: text().notNull(),
    status: text().default('pending').notNull(),
    // You can use { mode: 'bigint' } if numbers are exceeding js number limitations
    policyVersion: bigint('policy_version', { mode: 'number' }).notNull(),
    requestedBy: uuid('requested_by').notNull(),
    requestedByEmail: citext('requested_by_email').notNull(),
    decidedBy: uuid('decided_by'),
    decidedByEmail: citext('decided_by_email'),
    decisionComment: text('decision_comment'),
    result: jsonb(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('approval_requests_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('approval_requests_pending_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`(status = 'pending'::text)`),
    foreignKey({
      columns: [t.policyVersion],
      foreignColumns: [approvalPolicyVersions.id],
      name: 'approval_requests_policy_version_fkey',
    }),
    foreignKey({
      columns: [t.requestedBy],
      foreignColumns: [staff.id],
      name: 'approval_requests_requested_by_fkey',
    }),
    foreignKey({
      columns: [t.decidedBy],
      foreignColumns: [staff.id],
      name: 'approval_requests_decided_by_fkey',
    }),
    check(
      'approval_requests_kind_check',
      sql`kind = ANY (ARRAY['remitFunds'::text, 'withdrawalOut'::text, 'settings'::text, 'admins'::text, 'blacklist'::text])`,
    ),
    check(
      'approval_requests_status_check',
      sql`status = ANY (ARRAY['pending'::text, 'approved'::text, 'rejected'::text, 'cancelled'::text, 'expired'::text])`,
    ),
    check('approval_requests_check', sql`(status = 'pending'::text) = (decided_at IS NULL)`),
  ],
);
