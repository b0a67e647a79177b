import { z } from 'zod';
import { textInput, textMessages } from './text';

/** Savings plan detail, the batches a plan was in, plan resolution, reward records. */

export const PLAN_TYPES = ['fixed', 'flexible'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** An EVM transaction hash: 0x and 64 hex digits. */
export const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

// Any 8-4-4-4-12 hex id PostgreSQL stores, not only RFC 4122 v1-v8: ids derived by the demo generator are not versioned.
const planId = z.guid({ message: 'Enter a valid plan id' });

export const savingsPlanQuery = z.object({
  planId,
  planType: z.enum(PLAN_TYPES, { message: 'planType is fixed or flexible' }),
});
export type SavingsPlanQuery = z.infer<typeof savingsPlanQuery>;

/**
 * A savings plan with the specification's fields (spec 001 §3), as the profile's plan list and
 * the plan detail both show it; times are ISO strings except lockPeriod (unix seconds, the end
 * of a fixed plan's lock; null for flexible plans).
 */
export const savingsPlan = z.object({
  _id: z.string(),
  planName: z.string(),
  protocolName: z.string(),
  planType: z.enum(PLAN_TYPES),
  currency: z.string(),
  shareBalance: z.string(),
  lockPeriod: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  depositTime: z.string().nullable(),
  withdrawalTime: z.string().nullable(),
  depositAmount: z.string(),
  depositTransactionHash: z.array(z.string()),
  withdrawalTransactionHash: z.array(z.string()),
  planState: z.string(),
  saveStatus: z.string(),
  locked: z.boolean(),
  userId: z.string(),
});

/** The plan detail: the plan, what it paid out, and its owner. */
export const savingsPlanDetail = savingsPlan.extend({
  withdrawalAmount: z.string().nullable(),
  username: z.string(),
  email: z.string(),
});
export type SavingsPlanDetail = z.infer<typeof savingsPlanDetail>;

export const BATCH_PLAN_STATUSES = ['included', 'resolved'] as const;

export const planBatch = z.object({
  _id: z.string(),
  action: z.enum(['deposit', 'withdraw']),
  transactionHash: z.string().nullable(),
  createdAt: z.string(),
  /** The batch's own on-chain state (pending | confirmed | failed). */
  batchStatus: z.string(),
  /** The plan's part in the batch. */
  status: z.enum(BATCH_PLAN_STATUSES),
  amount: z.string(),
  resolvedHash: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type PlanBatch = z.infer<typeof planBatch>;
export const planBatches = z.object({ batches: z.array(planBatch) });
export type PlanBatches = z.infer<typeof planBatches>;

export const resolvePlanBody = z.object({
  batchId: z.guid({ message: 'Enter a valid batch id' }),
  hash: textInput('hash')
    .trim()
    .regex(TX_HASH, 'Enter a transaction hash: 0x followed by 64 hex digits')
    .transform((h) => h.toLowerCase()),
  planId,
});
export type ResolvePlanBody = z.input<typeof resolvePlanBody>;

export const resolvePlanResult = z.object({
  plan: savingsPlanDetail,
  batch: planBatch,
});
export type ResolvePlanResult = z.infer<typeof resolvePlanResult>;

export const RESOLVE_PLAN_DONE = 'resolving of plan done';

/** An empty planId is answered with the specification's own text, not a field error. */
export const rewardRecordQuery = z.object({
  planId: z.string().trim().max(100, textMessages.tooLong('planId', 100)).optional(),
});
export const INPUT_A_REFERENCE = 'Input a reference';
export const REWARD_SEARCH_DONE = 'Search Done';
export const REWARD_NONE_FOUND = 'No data with order reference';

export const rewardRecord = z.object({
  _id: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: z.string(),
  transactionHash: z.string().nullable(),
  createdAt: z.string(),
});
export type RewardRecord = z.infer<typeof rewardRecord>;
export const rewardRecords = z.object({
  planId: z.string(),
  records: z.array(rewardRecord),
  /** Sum of the listed amounts per currency, as decimal strings. */
  total: z.record(z.string(), z.string()),
});
export type RewardRecords = z.infer<typeof rewardRecords>;

/** Most reward records a plan shows; a plan earns at most a few a month. */
export const REWARD_RECORD_LIMIT = 500;
