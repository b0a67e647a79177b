/** Compliance lists: blacklisted devices, the fraud watchlist, double fundings, locked savings, funding requests, maturing plans. */
import { z } from 'zod';
import { downloadFlag } from './exports';
import { pagedRecords, wordedPageNumber, wordedPageQuery, wordedPageSizeOf } from './paging';
import { defineStateMachine } from './state-machine';
import { boundedText, optionalText, TEXT_LIMITS, textMessages } from './text';

export const BLACKLIST_PAGE_SIZE = 10;
export const DOUBLE_FUNDING_PAGE_SIZE = 10;
export const MATURING_PLANS_PAGE_SIZE = 10;
export const WATCHLIST_PAGE_SIZE = 20;
export const LOCKED_SAVINGS_PAGE_SIZE = 20;
/** Fixed plans whose lock ends within this many days, or has ended without a withdrawal, are "about to mature". */
export const MATURING_WINDOW_DAYS = 7;

export const COMPLIANCE_MESSAGES = {
  blacklistAdded: 'done',
  blacklistFailed: 'failed',
  blacklistUpdated: 'Device updated successfully',
  unlocked: 'unlocked Successfully',
  unlockFailed: 'Could not complete operation',
  fetched: 'Successfully fetched records',
  noFundingRequest: 'Failed to get result',
} as const;

const page = wordedPageNumber;
const pageSizeOf = wordedPageSizeOf;
const paged = pagedRecords;

// ---- Blacklisted devices -----------------------------------------------------------------------

export const blacklistQuery = wordedPageQuery(BLACKLIST_PAGE_SIZE);
export const blacklistedDevice = z.object({
  _id: z.string(),
  deviceId: z.string(),
  /** The customer's username (spec: userId (username)); null when none was given. */
  userId: z.string().nullable(),
  customerId: z.string().nullable(),
  blacklisted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlacklistedDevice = z.infer<typeof blacklistedDevice>;
export const blacklistedDevices = paged(blacklistedDevice);
export type BlacklistedDevices = z.infer<typeof blacklistedDevices>;

export const addBlacklistedDeviceBody = z.object({
  deviceId: boundedText('deviceId', { min: 4, max: 128 }),
  /** The customer's id, username or e-mail; optional (a device seen without an account). */
  userId: optionalText('userId', TEXT_LIMITS.email),
});
export type AddBlacklistedDeviceBody = z.input<typeof addBlacklistedDeviceBody>;

export const updateBlacklistedDeviceBody = z.object({
  blacklistedRecordId: z.uuid({ error: 'blacklistedRecordId must be a valid id' }),
  blacklisted: z.boolean({ error: 'blacklisted must be true or false' }),
});
export type UpdateBlacklistedDeviceBody = z.input<typeof updateBlacklistedDeviceBody>;

// ---- Fraud watchlist ---------------------------------------------------------------------------

export const watchlistQuery = z.object({ page });
export const watchlistRecord = z.object({
  _id: z.string(),
  user: z.object({ _id: z.string(), fullName: z.string(), username: z.string() }),
  reason: z.string(),
  createdAt: z.string(),
});
export type WatchlistRecord = z.infer<typeof watchlistRecord>;
export const watchlist = paged(watchlistRecord);
export type Watchlist = z.infer<typeof watchlist>;

// ---- Double funding ----------------------------------------------------------------------------

export const DOUBLE_FUNDING_STATUSES = ['pending', 'deleted'] as const;
export type DoubleFundingStatus = (typeof DOUBLE_FUNDING_STATUSES)[number];
/** A double funding record is pending until staff settle it; deleted records stay listed under Deleted. */
export const DOUBLE_FUNDING = defineStateMachine<DoubleFundingStatus>({
  name: 'Double funding',
  states: { pending: { label: 'Pending', color: 'orange' }, deleted: { label: 'Deleted', color: 'gray' } },
  transitions: [],
});
/** Funding status colours: done green, pending orange, failed red, processing blue, other gray. */
export const FUNDING_STATUS_COLORS: Record<string, string> = {
  done: 'green',
  pending: 'orange',
  failed: 'red',
  processing: 'blue',
};
// Own keys only: a status such as 'constructor' must be gray, not a property of Object.prototype.
export const fundingStatusColor = (s: string) =>
  Object.hasOwn(FUNDING_STATUS_COLORS, s) ? FUNDING_STATUS_COLORS[s]! : 'gray';

export const doubleFundingQuery = z.object({
  page,
  pageSize: pageSizeOf(DOUBLE_FUNDING_PAGE_SIZE),
  status: z.enum(DOUBLE_FUNDING_STATUSES, { error: 'status must be pending or deleted' }).default('pending'),
});
export const doubleFundingRecord = z.object({
  _id: z.string(),
  userEmail: z.string(),
  status: z.string(),
  fundingStatus: z.string(),
  amountReceived: z.string(),
  totalAmountDeposited: z.string(),
  depositAddress: z.string(),
  receivingAddress: z.string(),
  processList: z.object({ creator: z.object({ email: z.string().nullable() }) }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DoubleFundingRecord = z.infer<typeof doubleFundingRecord>;
export const doubleFundings = paged(doubleFundingRecord, { records: 'result' });
export type DoubleFundings = z.infer<typeof doubleFundings>;

// ---- Locked savings ----------------------------------------------------------------------------

export const lockedSavingsQuery = wordedPageQuery(LOCKED_SAVINGS_PAGE_SIZE);
export const lockedSavingsRecord = z.object({
  _id: z.string(),
  userId: z.object({ _id: z.string(), fullName: z.string(), username: z.string() }),
  email: z.string(),
  planName: z.string(),
  depositAmount: z.string(),
  depositTime: z.string().nullable(),
  protocolName: z.string(),
  planState: z.string(),
  shareBalance: z.string(),
  withdrawalAmount: z.string().nullable(),
  withdrawStatus: z.string(),
  withdrawalTime: z.string().nullable(),
  locked: z.boolean(),
  lockedDate: z.string().nullable(),
  lockedComment: z.string().nullable(),
  lockedAdmin: z.object({ email: z.string().nullable() }),
  unLockedDate: z.string().nullable(),
  unLockedAdmin: z.object({ email: z.string().nullable() }),
  lockedAmount: z.string().nullable(),
  createdAt: z.string(),
  /** Lock and unlock entries so far: sent back with an unlock as its precondition. */
  lockVersion: z.number().int(),
});
export type LockedSavingsRecord = z.infer<typeof lockedSavingsRecord>;
export const lockedSavings = paged(lockedSavingsRecord, { totalPage: 'totalPages' });
export type LockedSavings = z.infer<typeof lockedSavings>;

// ---- Funding requests --------------------------------------------------------------------------

export const WALLET_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const TRANSACTION_HASH = /^(0x)?[0-9a-fA-F]{64}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export type FundingSearchKind = 'receivingAddress' | 'email' | 'transactionHash';
/** Classifies the search input; null means nothing is sent (spec). */
export const classifyFundingSearch = (input: string): { kind: FundingSearchKind; value: string } | null => {
  const value = input.trim();
  if (WALLET_ADDRESS.test(value)) return { kind: 'receivingAddress', value };
  if (TRANSACTION_HASH.test(value)) return { kind: 'transactionHash', value };
  if (EMAIL.test(value)) return { kind: 'email', value: value.toLowerCase() };
  return null;
};

export const fundingRequestQuery = z
  .object({
    email: z
      .string()
      .trim()
      .max(TEXT_LIMITS.email, textMessages.tooLong('email', TEXT_LIMITS.email))
      .regex(EMAIL, 'email must be an e-mail address')
      .optional(),
    transactionHash: z.string().trim().regex(TRANSACTION_HASH, 'transactionHash must be 64 hex characters').optional(),
    receivingAddress: z.string().trim().regex(WALLET_ADDRESS, 'receivingAddress must be a wallet address').optional(),
    /** `true`: a CSV export of every request the search finds (the screen shows the newest 50). */
    download: downloadFlag,
  })
  .superRefine((q, ctx) => {
    const n = [q.email, q.transactionHash, q.receivingAddress].filter(Boolean).length;
    if (n !== 1)
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'Give exactly one of email, transactionHash or receivingAddress',
      });
  });
export type FundingRequestQuery = z.input<typeof fundingRequestQuery>;
export const fundingRequest = z.object({
  _id: z.string(),
  userEmail: z.string(),
  amountReceived: z.string(),
  currency: z.string(),
  receivingAddress: z.string(),
  transactionHash: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FundingRequest = z.infer<typeof fundingRequest>;
/** At most this many requests per search, newest first. */
export const FUNDING_REQUEST_LIMIT = 50;
export const fundingRequests = z.object({ records: z.array(fundingRequest) });

// ---- Plans about to mature ---------------------------------------------------------------------

export const maturingPlansQuery = z.object({
  page,
  pageSize: pageSizeOf(MATURING_PLANS_PAGE_SIZE),
  download: downloadFlag,
});
export const maturingPlan = z.object({
  _id: z.string(),
  planId: z.object({
    _id: z.string(),
    planName: z.string(),
    userId: z.object({ _id: z.string(), email: z.string() }),
    depositAmount: z.string(),
    shareBalance: z.string(),
    /** End of the lock (unix seconds). */
    lockedPeriod: z.number().int().nullable(),
  }),
  rewardInUSD: z.string(),
  createdAt: z.string(),
});
export type MaturingPlan = z.infer<typeof maturingPlan>;
export const maturingPlans = paged(maturingPlan);
export type MaturingPlans = z.infer<typeof maturingPlans>;
