import { z } from 'zod';
import type { WebhookEventType } from './integrations';

/**
 * The payload of each event the outbox carries (outbox_events.payload, the webhook body's `data`).
 * Fields are camelCase; every payload names the customer (`customerId`, the users.id uuid) and the
 * id of the thing decided; amounts are exact decimal strings ('12.5'), as everywhere in the API.
 * The server validates each payload against its schema before writing it (apps/api/src/outbox).
 * docs/decisions/integrations.md ("Events") says where each is emitted.
 */

const id = z.string().min(1).max(100);
const customerId = z.uuid();
const amount = z.string().regex(/^-?\d+(\.\d+)?$/, 'an exact decimal string');
const currency = z.string().min(1).max(10);
const hash = z.string().min(1).max(200);

const kycDecision = (status: 'approved' | 'rejected' | 'escalated') =>
  z.strictObject({
    customerId,
    kycId: id,
    /** The KYC level decided (the desk decides level 2 cases). */
    level: z.number().int().min(1).max(3),
    status: z.literal(status),
    previousStatus: z.string().max(40).nullable(),
    reason: z.string().max(200).nullable(),
    message: z.string().max(2000).nullable(),
  });

/** Where a withdrawal was asked: a Withdrawal Out request (wallet → address) or a withdraw queue item (plan → wallet). */
const withdrawalSource = z.enum(['withdrawOut', 'withdrawQueue']);

export const WEBHOOK_EVENT_PAYLOADS = {
  'kyc.approved': kycDecision('approved'),
  'kyc.rejected': kycDecision('rejected'),
  'kyc.escalated': kycDecision('escalated'),
  'withdrawal.processed': z.strictObject({
    customerId,
    withdrawalId: id,
    source: withdrawalSource,
    currency,
    /** What was paid out: a request's final amount (after its fee), a queue item's amount. */
    amount,
    transactionHash: hash,
    /** A Withdrawal Out request paid inside the product (to another customer's wallet). */
    inApp: z.boolean(),
    /** The plan a withdraw queue item took the amount from; null for Withdrawal Out. */
    planId: id.nullable(),
  }),
  'withdrawal.cancelled': z.strictObject({
    customerId,
    withdrawalId: id,
    source: withdrawalSource,
    currency,
    amount,
    /** Whether the amount went back to the customer's wallet (a withdrawal.refunded event follows). */
    refunded: z.boolean(),
  }),
  'withdrawal.refunded': z.strictObject({
    customerId,
    withdrawalId: id,
    walletId: id,
    currency,
    amount,
    balanceAfter: amount,
  }),
  'deposit.credited': z.strictObject({
    customerId,
    depositId: id,
    /** The same as customerId (kept for the receivers written before customerId existed). */
    userId: customerId,
    walletId: id,
    address: z.string().max(100),
    from: z.string().max(100),
    currency,
    token: z.string().max(100),
    amount,
    amountWei: z.string().regex(/^\d+$/),
    chainId: z.number().int(),
    txHash: hash,
    logIndex: z.number().int(),
    blockNumber: z.number().int(),
    blockHash: hash,
    confirmations: z.number().int(),
    balanceAfter: amount,
  }),
  'plan.funded': z.strictObject({
    customerId,
    planId: id,
    currency,
    /** The sum of the plan's deposit queue items this batch carried into the vault. */
    amount,
    queueItemIds: z.array(id).min(1),
    processListId: id,
    batchId: id,
    transactionHash: hash,
  }),
  'plan.matured': z.strictObject({
    customerId,
    planId: id,
    currency,
    depositAmount: amount,
    maturedAt: z.string().max(40),
  }),
  'funds.remitted': z.strictObject({
    customerId,
    remittanceId: id,
    currency,
    amount,
    status: z.string().max(40),
    walletIds: z.array(id),
  }),
  'account.locked': z.strictObject({
    customerId,
    planId: id,
    planType: z.enum(['fixed', 'flexible']),
    currency,
    /** What the lock holds: a fixed plan's deposit, a flexible plan's locked amount. */
    heldAmount: amount.nullable(),
    comment: z.string().max(2000),
  }),
  'account.unlocked': z.strictObject({
    customerId,
    planId: id,
    planType: z.enum(['fixed', 'flexible']),
    currency,
    /** What the unlock released. */
    releasedAmount: amount.nullable(),
    comment: z.string().max(2000),
  }),
  'device.blacklisted': z.strictObject({
    customerId,
    deviceId: z.string().min(1).max(500),
    blacklistedRecordId: id,
  }),
  'trust_score.changed': z.strictObject({
    customerId,
    before: z.number().int(),
    after: z.number().int(),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventPayload<T extends WebhookEventType> = z.infer<(typeof WEBHOOK_EVENT_PAYLOADS)[T]>;
