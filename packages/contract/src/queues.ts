import { z } from 'zod';
import { optionalText, readableText, requiredOr, TEXT_LIMITS, textInput, textMessages } from './text';
import { numberInput } from './numbers';
import { defineStateMachine, transitionExists } from './state-machine';
import { TX_HASH } from './savings-plans';
import { pageNumber, pagedRecords, pageQuery, pageSizeOf } from './paging';

/** Deposit and withdraw queues, process lists, batches, withdrawal-out, liquidity providers, bridge sell requests (spec 000 §2-9). */

export const QUEUE_PAGE_SIZE = 30;
export const PROVIDERS_PAGE_SIZE = 30;
export const QUEUE_KINDS = ['deposit', 'withdraw'] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

// ---- Queue items -------------------------------------------------------------------------

export const QUEUE_ITEM_STATUSES = ['pending', 'processing', 'done', 'cancelled', 'failed'] as const;
export type QueueItemStatus = (typeof QUEUE_ITEM_STATUSES)[number];

/**
 * Queue item status (spec §4): an admin may set pending, processing, cancelled or done
 * ("Success"); only a pending item can be cancelled. Colours: done green, pending orange,
 * failed red, processing blue, other gray.
 */
export const queueItemMachine = defineStateMachine<QueueItemStatus>({
  name: 'Queue item',
  states: {
    pending: { label: 'Pending', color: 'orange' },
    processing: { label: 'Processing', color: 'blue' },
    done: { label: 'Success', color: 'green' },
    cancelled: { label: 'Cancelled', color: 'gray' },
    failed: { label: 'Failed', color: 'red' },
  },
  transitions: [
    { from: ['processing', 'failed'], to: 'pending', permission: 'queues.manage' },
    { from: ['pending', 'failed'], to: 'processing', permission: 'queues.manage' },
    { from: ['processing', 'failed'], to: 'done', permission: 'queues.manage' },
    { from: ['pending'], to: 'cancelled', permission: 'queues.manage' },
  ],
});
/**
 * Whether an item waits in its queue: the states it can still be cancelled from (pending). Only
 * these rows have a checkbox and join a process list (spec §2, §4), read from the table above.
 */
export const queueItemWaits = (s: QueueItemStatus) => transitionExists(queueItemMachine, s, 'cancelled');
/** Toast of a queue's Cancel button (spec §8); the API's own message for the call stays 'queue item cancelled'. */
export const ITEM_CANCELLED = 'Item cancelled';
/** The statuses the status select offers an admin (spec: pending, processing, cancelled, done). */
export const ADMIN_QUEUE_STATUSES: QueueItemStatus[] = ['pending', 'processing', 'cancelled', 'done'];

export const PLAN_TYPE_CODES = { flexible: 0, fixed: 1 } as const;
/** planType 0 is Flexible, anything else Fixed (spec §3). */
export const planTypeLabel = (code: number) => (code === 0 ? 'Flexible' : 'Fixed');

/** The queues' page number (1 to 1,000,000; "page starts at 1"). */
const queuePageNumber = pageNumber(1_000_000, { min: 'page starts at 1' });
export const queueListQuery = z.object({
  page: queuePageNumber,
  status: z
    .enum(QUEUE_ITEM_STATUSES, { message: `status is one of ${QUEUE_ITEM_STATUSES.join(', ')}` })
    .default('pending'),
  pageSize: pageSizeOf(QUEUE_PAGE_SIZE),
});
export type QueueListQuery = z.input<typeof queueListQuery>;

export const queueItem = z.object({
  _id: z.string(),
  queue: z.enum(QUEUE_KINDS),
  amount: z.string(),
  status: z.enum(QUEUE_ITEM_STATUSES),
  planId: z.string(),
  planType: z.number().int(),
  planName: z.string(),
  depositTransactionHash: z.array(z.string()),
  userId: z.object({ _id: z.string(), fullName: z.string(), username: z.string() }),
  processList: z
    .object({ _id: z.string(), status: z.number().int(), creator: z.object({ email: z.string().nullable() }) })
    .nullable(),
  transactionHash: z.string().nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type QueueItem = z.infer<typeof queueItem>;

export const queuePage = pagedRecords(queueItem);
export type QueuePage = z.infer<typeof queuePage>;

const id = (name: string) => z.guid({ message: `Enter a valid ${name}` });

export const queueItemStatusBody = z.object({
  queueItemId: id('queueItemId'),
  status: z.enum(ADMIN_QUEUE_STATUSES as [QueueItemStatus, ...QueueItemStatus[]], {
    message: `status is one of ${ADMIN_QUEUE_STATUSES.join(', ')}`,
  }),
});
export const queueItemIdBody = z.object({ queueItemId: id('queueItemId') });
export const queueIdBody = z.object({ queueId: id('queueId') });

// ---- Process lists -----------------------------------------------------------------------

/** Process list status (spec §4): 0 yet to be saved, 1 to be propagated, 2 finished. */
export const processListMachine = defineStateMachine<0 | 1 | 2>({
  name: 'Process list',
  states: {
    0: { label: 'Yet to be saved', color: 'orange' },
    1: { label: 'To be propagated', color: 'blue' },
    2: { label: 'Finished', color: 'green' },
  },
  transitions: [
    { from: [0], to: 1, permission: 'queues.manage' },
    { from: [1], to: 2, permission: 'queues.manage' },
  ],
});
export type ProcessListStatus = 0 | 1 | 2;

export const processListItem = z.object({
  _id: z.string(),
  amount: z.string(),
  status: z.enum(QUEUE_ITEM_STATUSES),
  planId: z.string(),
  planType: z.number().int(),
  planName: z.string(),
  userId: z.object({ _id: z.string(), fullName: z.string(), username: z.string() }),
});
export const processList = z.object({
  _id: z.string(),
  type: z.enum(QUEUE_KINDS),
  status: z.number().int(),
  items: z.array(processListItem),
  totalAmount: z.string(),
  transactionHash: z.string().nullable(),
  createdAt: z.string(),
  creator: z.object({ email: z.string().nullable() }),
  batch: z.object({ _id: z.string(), transactionHash: z.string().nullable(), createdAt: z.string() }).nullable(),
  /** The hash the wallet returned for this list's batch, recorded before it is saved: the batch went out and is never sent again. */
  sentHash: z.string().nullable(),
  sentAt: z.string().nullable(),
  sentBy: z.object({ email: z.string().nullable() }).nullable(),
});
export type ProcessList = z.infer<typeof processList>;
/** A list whose batch the wallet sent and the server has not saved yet: only that hash may be saved for it. */
export const sentNotSaved = (l: Pick<ProcessList, 'status' | 'sentHash'>) => l.status === 0 && l.sentHash !== null;
export const processListsQuery = z.object({ type: z.enum(QUEUE_KINDS).optional() });
export const processLists = z.array(processList);

/** The active list is the first whose status is not 2 (spec §4). */
export const activeProcessList = (lists: readonly ProcessList[], type: QueueKind) =>
  lists.find((l) => l.type === type && l.status !== 2) ?? null;

export const createProcessListBody = z.object({
  processType: z.enum(QUEUE_KINDS, { message: 'processType is deposit or withdraw' }),
});
export const processListItemBody = z.object({ queueItemId: id('queueItemId'), processListId: id('processListId') });
export const processListIdBody = z.object({ processListId: id('processListId') });

// ---- Batches -----------------------------------------------------------------------------

const decimal = (name: string) =>
  z
    .string({ message: `${name} is a decimal string` })
    .trim()
    .max(TEXT_LIMITS.number, textMessages.tooLong(name, TEXT_LIMITS.number))
    .regex(/^\d+(\.\d{1,18})?$/, `${name} is a decimal number with at most 18 decimals`);
const integer = (name: string) =>
  z
    .union([z.string().max(TEXT_LIMITS.number, textMessages.tooLong(name, TEXT_LIMITS.number)), z.number()], {
      error: requiredOr(name, `${name} is a whole number`),
    })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(/^\d+$/, `${name} is a whole number`));

/** "planId planType itemId" (spec §3). */
export const PLAN_ID_AND_TYPE = /^([0-9a-fA-F-]{36}) ([01]) ([0-9a-fA-F-]{36})$/;

export const saveBatchBody = z.object({
  transactionHash: textInput('transactionHash')
    .trim()
    .regex(TX_HASH, 'transactionHash is 0x followed by 64 hex digits')
    .transform((h) => h.toLowerCase()),
  action: z.enum(QUEUE_KINDS, { message: 'action is deposit or withdraw' }),
  planIdAndType: z
    .array(z.string().regex(PLAN_ID_AND_TYPE, 'Each planIdAndType entry is "planId planType itemId"'))
    .min(1, 'planIdAndType lists the items of the batch'),
  pricePerFullShare: integer('pricePerFullShare'),
  initShares: integer('initShares'),
  finalShares: integer('finalShares'),
  protocolName: readableText('protocolName', { max: 60 }),
  network: numberInput('network is a chain id').pipe(z.number().int().positive('network is a chain id')),
  amount: decimal('amount'),
  gasUsed: integer('gasUsed'),
  block: integer('block'),
  processListId: id('processListId'),
});
export type SaveBatchBody = z.input<typeof saveBatchBody>;
/** The hash the wallet returned for a list's batch, recorded at once (before the wait and the save). */
export const recordSentBatchBody = z.object({
  processListId: id('processListId'),
  transactionHash: textInput('transactionHash')
    .trim()
    .regex(TX_HASH, 'transactionHash is 0x followed by 64 hex digits')
    .transform((h) => h.toLowerCase()),
});
export type RecordSentBatchBody = z.input<typeof recordSentBatchBody>;
export const SENT_BATCH_RECORDED = 'Sent batch recorded';
export const SENT_BATCH_ALREADY_RECORDED = 'Sent batch already recorded';
export const SENT_BATCH_RELEASED = 'Sent batch released: its transaction reverted';
export const savedBatch = z.object({
  _id: z.string(),
  processListId: z.string(),
  transactionHash: z.string(),
  action: z.enum(QUEUE_KINDS),
  amount: z.string(),
  block: z.string(),
});

export const BATCH_SAVED = 'Batch saved';
export const BATCH_SAVE_FAILED = 'Could not send batch details to server';

/** Batch progress percentages (spec §4). */
export const BATCH_PROGRESS = {
  started: 10,
  allowanceCheck: 20,
  allowanceDone: 30,
  initialShares: 40,
  sent: 50,
  hashReceived: 60,
  sharesAfter: 70,
  saveFailed: 90,
  saved: 100,
} as const;
/**
 * The labels of the batch progress steps as spec §4 lists them ("started 10%, allowance check
 * 20%, allowance done 30%, initial share balance 40%, deposit 50%, hash received 60%, wait one
 * minute, share balance after 70%, batch saved 100%"; 90 when the save fails). The wait has no
 * percentage of its own: it shows at 60. A withdraw batch's 50 is its withdraw.
 */
export const BATCH_STEP_LABELS = {
  started: 'Started',
  allowanceCheck: 'Allowance check',
  allowanceDone: 'Allowance done',
  initialShares: 'Initial share balance',
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  hashReceived: 'Hash received',
  sharesAfter: 'Share balance after',
  saveFailed: 'Saving the batch failed',
  saved: 'Batch saved',
} as const;
/** The wait before reading shares: one minute on a public chain (spec), shorter where configured. */
export const batchWaitLabel = (ms: number) =>
  ms === 60_000 ? 'Wait one minute' : `Wait ${Math.round(ms / 1000)} seconds`;

// ---- Withdrawal-out ----------------------------------------------------------------------

export const WITHDRAWAL_STATUS = {
  pending: 0,
  done: 1,
  failed: 2,
  cancelled: 3,
  processing: 5,
  retry: 6,
  hold: 7,
  review: 8,
} as const;
export type WithdrawalStatus = 0 | 1 | 2 | 3 | 5 | 6 | 7 | 8;
const OPEN: WithdrawalStatus[] = [0, 2, 5, 6, 7, 8];
const but = (s: WithdrawalStatus) => OPEN.filter((x) => x !== s);

/**
 * Withdrawal-out status (spec §4, §6): admins may set Pending and On-Hold; Super Admin also
 * Review, Processing and Retry. Process Request (0, 5, 6) makes it Done; Cancel Request (0 only)
 * makes it Cancelled and refunds. Done and Cancelled are final.
 */
export const withdrawalMachine = defineStateMachine<WithdrawalStatus>({
  name: 'Withdrawal request',
  states: {
    0: { label: 'Pending', color: 'orange' },
    1: { label: 'Done', color: 'green' },
    2: { label: 'Failed', color: 'red' },
    3: { label: 'Cancelled', color: 'gray' },
    5: { label: 'Processing', color: 'blue' },
    6: { label: 'Retry', color: 'purple' },
    7: { label: 'On-Hold', color: 'gold' },
    8: { label: 'Review', color: 'cyan' },
  },
  transitions: [
    { from: but(0), to: 0, permission: 'withdrawals.manage' },
    { from: but(7), to: 7, permission: 'withdrawals.manage' },
    { from: but(8), to: 8, permission: 'withdrawals.review' },
    { from: but(5), to: 5, permission: 'withdrawals.review' },
    { from: but(6), to: 6, permission: 'withdrawals.review' },
    { from: [0, 5, 6], to: 1, permission: 'withdrawals.manage' },
    { from: [0], to: 3, permission: 'withdrawals.manage' },
  ],
});
/** What the status select offers (Done and Cancelled only come from Process and Cancel Request). */
export const WITHDRAWAL_SELECTABLE: WithdrawalStatus[] = [0, 7, 8, 5, 6];
/** Process Request makes a request Done (1), Cancel Request makes it Cancelled (3): the page offers each where the table allows it. */
export const WITHDRAWAL_PROCESSED: WithdrawalStatus = 1;
export const WITHDRAWAL_CANCELLED: WithdrawalStatus = 3;
export const WITHDRAWAL_DEFAULT_STATUS: WithdrawalStatus = 8;
export const CURRENCY_CODES = { 1: 'BUSD', 2: 'VLT' } as const;

const withdrawalStatusSchema = numberInput('status is one of 0, 1, 2, 3, 5, 6, 7, 8')
  .pipe(z.number().int())
  .refine((s) => s in withdrawalMachine.states, 'status is one of 0, 1, 2, 3, 5, 6, 7, 8') as unknown as z.ZodType<
  WithdrawalStatus,
  unknown
>;

export const withdrawalListQuery = z.object({
  page: queuePageNumber,
  status: withdrawalStatusSchema.default(WITHDRAWAL_DEFAULT_STATUS),
  pageSize: pageSizeOf(QUEUE_PAGE_SIZE),
});
export type WithdrawalListQuery = z.input<typeof withdrawalListQuery>;

export const withdrawalRequest = z.object({
  _id: z.string(),
  userId: z.object({ _id: z.string(), fullName: z.string(), email: z.string(), username: z.string() }),
  formerBalance: z.string(),
  balance: z.string(),
  currency: z.number().int(),
  status: z.number().int(),
  finalAmount: z.string(),
  fee: z.string(),
  amount: z.string(),
  initiator: z.number().int(),
  p2pRef: z.string().nullable(),
  destinationAddress: z.string(),
  inAppTransaction: z.boolean(),
  transactionHash: z.string().nullable(),
  processedBy: z.object({ email: z.string() }).nullable(),
  processedAt: z.string().nullable(),
  lastStatusChangedByUserId: z.object({ email: z.string() }).nullable(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequest>;
export const withdrawalPage = pagedRecords(withdrawalRequest);

export const withdrawalUpdateBody = z.object({ requestId: id('requestId'), status: withdrawalStatusSchema });
export const processWithdrawalBody = z.object({
  requestId: id('requestId'),
  hash: textInput('hash')
    .trim()
    .regex(TX_HASH, 'hash is 0x followed by 64 hex digits')
    .transform((h) => h.toLowerCase()),
  channel: z.literal('human', { message: 'channel is "human"' }),
});
export const STATUS_CHANGED = 'Status changed!';
export const STATUS_CHANGE_FAILED = 'Status change FAILED';
export const PROCESS_TRIGGERED = 'Process triggered';
export const PROCESS_FAILED = 'Failed to process transaction';
/** Toast once the browser wallet's payout transfer of a withdrawal-out request is mined (spec §7, §8); Process Request then records its hash. */
export const FUNDS_TRANSFERRED = 'Funds transfer was successful. Continue process.';

export const queueStatusQuery = z.object({
  queue: z.enum(['deposit', 'withdraw', 'withdrawout'], { message: 'queue is deposit, withdraw or withdrawout' }),
});
export const queueStatusCounts = z.object({
  pending: z.number().int(),
  processing: z.number().int(),
  completed: z.number().int(),
  canceled: z.number().int(),
  retry: z.number().int(),
  hold: z.number().int(),
  review: z.number().int(),
});
export type QueueStatusCounts = z.infer<typeof queueStatusCounts>;

// ---- Liquidity providers -----------------------------------------------------------------

export const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const providersQuery = pageQuery(PROVIDERS_PAGE_SIZE);
export const liquidityProvider = z.object({
  _id: z.string(),
  name: z.string(),
  walletAddress: z.string(),
  isActive: z.boolean(),
  editedBy: z.object({ email: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type LiquidityProvider = z.infer<typeof liquidityProvider>;
export const providersPage = pagedRecords(liquidityProvider);
export const addProviderBody = z.object({
  name: readableText('Provider name', { min: 2, max: TEXT_LIMITS.name, required: 'Enter the provider name' }),
  walletAddress: textInput('walletAddress').trim().regex(ADDRESS, 'Enter a valid wallet address'),
});
export const updateProviderBody = z.object({
  providerId: id('providerId'),
  isActive: z.boolean({ message: 'isActive is true or false' }),
});

// ---- Bridge sell requests ----------------------------------------------------------------

export const bridgeQuery = z.object({ orderReference: optionalText('orderReference', 100) });
export const bridgeSellRequest = z.object({
  orderReference: z.string(),
  userEmail: z.string(),
  amount: z.string(),
  payInCurrency: z.string(),
  destinationAddress: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BridgeSellRequest = z.infer<typeof bridgeSellRequest>;
export const BRIDGE_NO_DATA = 'No data with order reference';

// ---- Chain facts for the browser ---------------------------------------------------------

export const walletBalancesQuery = z.object({
  address: z.string().trim().regex(ADDRESS, 'Enter a valid wallet address').optional(),
});
export const walletBalances = z.object({
  BUSD: z.string(),
  xBUSD: z.string(),
  BNB: z.string(),
  VLT: z.string(),
  address: z.string(),
  live: z.boolean(),
});
export type WalletBalances = z.infer<typeof walletBalances>;
export const chainConfig = z.object({
  chainId: z.number().int().nullable(),
  rpcUrl: z.string().nullable(),
  contracts: z.object({ BUSD: z.string(), xBUSD: z.string(), VLT: z.string() }).nullable(),
  operatorAddress: z.string().nullable(),
  shareWaitSeconds: z.number(),
});
export type ChainConfig = z.infer<typeof chainConfig>;
