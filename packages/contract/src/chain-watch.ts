import { z } from 'zod';
import { pagedRecords, pageNumber, wordedPageField, wordedPageSizeOf } from './paging';
import { defineStateMachine } from './state-machine';

/**
 * What staff see of the chain watcher (docs/decisions/chain-watcher.md): the Advanced "Chain
 * watcher" panel's one call, and a credited deposit's confirmations on the profile.
 */

/** What became of a transfer the watcher recorded (chain_deposits.status); the watcher alone moves them. */
export const CHAIN_DEPOSIT_STATUSES = ['seen', 'credited', 'dropped', 'ignored'] as const;
export type ChainDepositStatus = (typeof CHAIN_DEPOSIT_STATUSES)[number];
export const CHAIN_DEPOSIT = defineStateMachine<ChainDepositStatus>({
  name: 'Chain deposit',
  states: {
    seen: { label: 'Waiting for confirmations', color: 'blue' },
    credited: { label: 'Credited', color: 'green' },
    dropped: { label: 'Dropped (reorganised)', color: 'orange' },
    ignored: { label: 'Not credited', color: 'red' },
  },
  transitions: [],
});

export const CHAIN_WATCH_PAGE_SIZE = 20;
/** Deep pages are refused and the count stops here, so the list never counts a whole history. */
export const CHAIN_WATCH_MAX_PAGE = 500;
export const CHAIN_WATCH_COUNT_CAP = CHAIN_WATCH_MAX_PAGE * CHAIN_WATCH_PAGE_SIZE;

export const chainWatchQuery = z.object({
  page: pageNumber(CHAIN_WATCH_MAX_PAGE, wordedPageField('page', `page must be at most ${CHAIN_WATCH_MAX_PAGE}`)),
  pageSize: wordedPageSizeOf(CHAIN_WATCH_PAGE_SIZE),
  status: z
    .enum(['all', ...CHAIN_DEPOSIT_STATUSES], { error: 'status must be all, seen, credited, dropped or ignored' })
    .default('all'),
});
export type ChainWatchQuery = z.input<typeof chainWatchQuery>;

/** One chain the watcher follows: its cursor, the head as last read, and how far behind it is. */
export const chainWatchCursor = z.object({
  chainId: z.number().int(),
  chainName: z.string(),
  /** The chain's head as last read (null before the first read), and how many seconds ago. */
  headBlock: z.number().int().nullable(),
  headSeenAt: z.string().nullable(),
  headAgeSeconds: z.number().int().nullable(),
  /** The last block whose logs were read and recorded. */
  lastBlock: z.number().int(),
  /** Blocks between the head and the last block processed. */
  lagBlocks: z.number().int().nullable(),
  /** Seconds since the last block processed was recorded (null when none is kept). */
  lagSeconds: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type ChainWatchCursor = z.infer<typeof chainWatchCursor>;

/** Deposits of one currency within the UTC day. */
export const chainWatchDayTotal = z.object({ currency: z.string(), count: z.number().int(), amount: z.string() });

export const chainDepositRecord = z.object({
  _id: z.string(),
  chainId: z.number().int(),
  txHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.number().int(),
  currency: z.string(),
  token: z.string(),
  fromAddress: z.string(),
  toAddress: z.string(),
  amount: z.string(),
  status: z.enum(CHAIN_DEPOSIT_STATUSES),
  reason: z.string().nullable(),
  /** Confirmations now (head − block + 1) while seen or credited; those it had when decided otherwise. */
  confirmations: z.number().int().nullable(),
  userId: z.string().nullable(),
  username: z.string().nullable(),
  seenAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ChainDepositRecord = z.infer<typeof chainDepositRecord>;

export const chainWatchState = z.object({
  chains: z.array(chainWatchCursor),
  /** The UTC day the totals cover (YYYY-MM-DD): transfers seen that day and deposits credited that day, per currency. */
  today: z.object({ day: z.string(), seen: z.array(chainWatchDayTotal), credited: z.array(chainWatchDayTotal) }),
  /** The recorded transfers, newest first, filtered by status; the count stops at CHAIN_WATCH_COUNT_CAP. */
  deposits: pagedRecords(chainDepositRecord),
  /** The last error of each chain, newest first. */
  errors: z.array(z.object({ chainId: z.number().int(), message: z.string(), at: z.string() })),
});
export type ChainWatchState = z.infer<typeof chainWatchState>;
