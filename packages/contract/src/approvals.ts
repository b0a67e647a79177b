/** Four eyes: the approval policy and the requests that wait for a second member of staff. */
import { z } from 'zod';
import { optionalReadableText, readableText, TEXT_LIMITS, textMessages } from './text';
import { pagedRecords, pageQuery } from './paging';
import type { Permission } from './permissions';

/** The kinds of action the policy covers; money kinds have a USD threshold, the others an on/off. */
export const APPROVAL_KINDS = {
  remitFunds: { label: 'Remit Funds', money: true },
  withdrawalOut: { label: 'Withdrawal Out process and payout', money: true },
  settings: { label: 'Internal Settings changes', money: false },
  admins: { label: 'Role and admin changes', money: false },
  blacklist: { label: 'Blacklist and unlock', money: false },
} as const;
export type ApprovalKind = keyof typeof APPROVAL_KINDS;
export const APPROVAL_KIND_KEYS = Object.keys(APPROVAL_KINDS) as ApprovalKind[];

/** The header that carries the requester's reason (percent-encoded, as encodeURIComponent writes it). */
export const APPROVAL_REASON_HEADER = 'x-approval-reason';
export const APPROVAL_REASON_MIN = 5;

/**
 * Days after which an account or role the requester created or changed may approve the
 * requester's requests (a policy field; stored policies without it read as this).
 */
export const APPROVAL_COOLING_OFF_DAYS = 7;
export const APPROVAL_COOLING_OFF_MAX_DAYS = 90;

/**
 * Permissions whose calls move money, record it as moved or set the prices requests are valued
 * at: while a money threshold is on, an admin or role given one of them waits for a second approver.
 */
export const MONEY_PERMISSIONS = [
  'funds.remit',
  'withdrawals.manage',
  'queues.manage',
  'plans.resolve',
  'wallets.resolve',
  'settings.manage',
] as const satisfies readonly Permission[];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled', 'expired'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_STATUS_INFO: Record<ApprovalStatus, { label: string; color: string }> = {
  pending: { label: 'Awaiting approval', color: 'gold' },
  approved: { label: 'Approved and carried out', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
  cancelled: { label: 'Cancelled by the requester', color: 'default' },
  expired: { label: 'Expired', color: 'default' },
};

export const APPROVAL_MESSAGES = {
  requested: 'Sent for approval: a second member of staff must approve it',
  approved: 'Approved and carried out',
  rejected: 'Request rejected',
  cancelled: 'Request cancelled',
  policyUpdated: 'Approval policy updated',
  reasonRequired: 'A second member of staff must approve this: give a reason',
} as const;

/** A USD amount as text, or null: never needs approval. "0" means every one needs it. */
const usdThreshold = z
  .union([
    z.string().max(TEXT_LIMITS.number, textMessages.tooLong('Threshold', TEXT_LIMITS.number)),
    z.number(),
    z.null(),
  ])
  .transform((v) => (v === null ? null : String(v).trim() === '' ? null : String(v).trim()))
  .pipe(
    z
      .string()
      .regex(/^\d{1,20}(\.\d{1,18})?$/, 'Threshold must be an amount in USD, or empty for never')
      .nullable(),
  );

export const approvalPolicy = z.object({
  remitFunds: z.object({ thresholdUsd: usdThreshold }),
  withdrawalOut: z.object({ thresholdUsd: usdThreshold }),
  settings: z.object({ required: z.boolean({ error: 'required must be true or false' }) }),
  admins: z.object({ required: z.boolean({ error: 'required must be true or false' }) }),
  blacklist: z.object({ required: z.boolean({ error: 'required must be true or false' }) }),
  expiryHours: z
    .number({ error: 'Expiry must be a number of hours' })
    .int('Expiry must be whole hours')
    .min(1, 'Expiry is at least 1 hour')
    .max(168, 'Expiry is at most 168 hours (7 days)'),
  coolingOffDays: z
    .number({ error: 'Cooling-off must be a number of days' })
    .int('Cooling-off must be whole days')
    .min(0, 'Cooling-off is at least 0 days')
    .max(APPROVAL_COOLING_OFF_MAX_DAYS, `Cooling-off is at most ${APPROVAL_COOLING_OFF_MAX_DAYS} days`)
    .default(APPROVAL_COOLING_OFF_DAYS),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicy>;
export type ApprovalPolicyInput = z.input<typeof approvalPolicy>;

export const approvalPolicyVersion = z.object({
  _id: z.string(),
  policy: z.object({
    remitFunds: z.object({ thresholdUsd: z.string().nullable() }),
    withdrawalOut: z.object({ thresholdUsd: z.string().nullable() }),
    settings: z.object({ required: z.boolean() }),
    admins: z.object({ required: z.boolean() }),
    blacklist: z.object({ required: z.boolean() }),
    expiryHours: z.number().int(),
    coolingOffDays: z.number().int().default(APPROVAL_COOLING_OFF_DAYS),
  }),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type ApprovalPolicyVersion = z.infer<typeof approvalPolicyVersion>;
export const approvalPolicyHistory = z.object({ records: z.array(approvalPolicyVersion) });

export const approvalRequest = z.object({
  _id: z.string(),
  kind: z.enum(APPROVAL_KIND_KEYS as [ApprovalKind, ...ApprovalKind[]]),
  action: z.string(),
  permission: z.string(),
  summary: z.string(),
  /** The exact call: its method, path and body, as it will be carried out. */
  payload: z.object({
    method: z.string(),
    url: z.string(),
    body: z.unknown(),
    params: z.record(z.string(), z.string()),
  }),
  amountUsd: z.string().nullable(),
  /** What the target looked like when asked; approval is refused if any of it changed. */
  snapshot: z.record(z.string(), z.unknown()),
  reason: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  requestedBy: z.object({ _id: z.string(), email: z.string() }),
  decidedBy: z.object({ _id: z.string(), email: z.string() }).nullable(),
  decisionComment: z.string().nullable(),
  result: z.unknown().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Whether the viewer may approve or reject it (holds its permission and did not ask), or cancel it (asked). */
  canDecide: z.boolean(),
  canCancel: z.boolean(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

export const approvalListQuery = z.object({
  status: z
    .enum(APPROVAL_STATUSES, { error: `status must be one of ${APPROVAL_STATUSES.join(', ')}` })
    .default('pending'),
  ...pageQuery(20).shape,
});
export const approvalPage = pagedRecords(approvalRequest).omit({ totalPage: true });
export type ApprovalPage = z.infer<typeof approvalPage>;

/** What a gated call answers with 202 instead of carrying the action out. */
export const approvalAccepted = z.object({
  approvalRequestId: z.string(),
  status: z.literal('pending'),
  expiresAt: z.string(),
});
export type ApprovalAccepted = z.infer<typeof approvalAccepted>;

export const approvalCount = z.object({ awaitingMe: z.number().int(), mine: z.number().int() });
export type ApprovalCount = z.infer<typeof approvalCount>;

export const approvalDecisionBody = z.object({ comment: optionalReadableText('Comment', TEXT_LIMITS.note, 'several') });
export const approvalReason = readableText('Reason', {
  lines: 'several',
  min: APPROVAL_REASON_MIN,
  max: TEXT_LIMITS.note,
  required: APPROVAL_MESSAGES.reasonRequired,
});
