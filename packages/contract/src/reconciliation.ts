/**
 * The reconciliation report (Super Admin): per customer, the ledger against the balances and the
 * wallet transactions; per savings plan, its holds against its lock; per saved batch, the chain's
 * receipt against the database; per chain transaction, the money events it backs (one at most).
 * Figures first, the rows behind each figure paged.
 */
import { z } from 'zod';
import { BALANCE_MISMATCH_TOLERANCE } from './user-profile';
import { pagedRecords, wordedPageNumber, wordedPageSizeOf } from './paging';

export const RECONCILIATION_PAGE_SIZE = 20;
/** The flag's tolerance, in units of the currency: the profile's balance-mismatch rule. */
export const RECONCILIATION_TOLERANCE = BALANCE_MISMATCH_TOLERANCE;
/** The row lists of the report, one per non-zero figure. */
export const RECONCILIATION_KINDS = ['ledger', 'flagged', 'holds', 'batches', 'transactions', 'deposits'] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

/** How a saved batch compares with the chain the server is configured with. */
export const BATCH_CHECK_STATUSES = ['matching', 'mismatching', 'not-on-chain', 'not-checked'] as const;
export type BatchCheckStatus = (typeof BATCH_CHECK_STATUSES)[number];
export const BATCH_CHECK_LABELS: Record<BatchCheckStatus, string> = {
  matching: 'Matching',
  mismatching: 'Mismatching',
  'not-on-chain': 'Not on this chain',
  'not-checked': 'Not checked',
};

const page = wordedPageNumber;
const pageSize = wordedPageSizeOf(RECONCILIATION_PAGE_SIZE);

/** How many rows of each list a run keeps (the figures count them all): pages are read from the stored run up to this. */
export const RECONCILIATION_ROW_CAP = 10_000;

export const reconciliationQuery = z.object({ pageSize });
export const reconciliationRowsQuery = z.object({
  kind: z.enum(RECONCILIATION_KINDS, { error: `kind must be one of ${RECONCILIATION_KINDS.join(', ')}` }),
  page,
  pageSize,
  /** The run whose rows to page (its id); without it, the latest finished run. */
  run: z.uuid({ error: 'run must be the id of a reconciliation run' }).optional(),
});

const paged = pagedRecords;

/** A wallet and currency whose stored balance is not the sum of its ledger rows: always unexplained. */
export const ledgerDriftRow = z.object({
  walletId: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  currency: z.string(),
  balance: z.string(),
  ledgerSum: z.string(),
  ledgerRows: z.number().int(),
  difference: z.string(),
});
/**
 * A wallet and currency whose balance differs from its transactions summed by direction by more
 * than the tolerance. Explained when the ledger shows why: extra ledger rows posted for a
 * transaction that already had one (a deposit processed twice) account for it within the tolerance.
 */
export const flaggedRow = z.object({
  walletId: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  currency: z.string(),
  balance: z.string(),
  transactionsNet: z.string(),
  difference: z.string(),
  duplicatePostings: z.number().int(),
  duplicatedAmount: z.string(),
  residual: z.string(),
  explained: z.boolean(),
  reason: z.string(),
});
/** A savings plan whose holds (savings_lock_entries) are not what its lock stands for: unexplained. */
export const holdDriftRow = z.object({
  planId: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  planType: z.string(),
  currency: z.string(),
  locked: z.boolean(),
  expected: z.string(),
  held: z.string(),
  difference: z.string(),
});
/** A saved batch (one with a process list) and how the chain's receipt compares with the database. */
export const batchCheckRow = z.object({
  batchId: z.string(),
  processListId: z.string(),
  action: z.string(),
  transactionHash: z.string().nullable(),
  network: z.number().int().nullable(),
  status: z.enum(BATCH_CHECK_STATUSES),
  /** What differs (mismatching), or why it could not be compared (not on chain, not checked). */
  problems: z.array(z.string()),
  amount: z.string().nullable(),
  itemsTotal: z.string().nullable(),
  itemsCount: z.number().int(),
  chainAmount: z.string().nullable(),
  block: z.string().nullable(),
  savedAt: z.string(),
});

/**
 * A chain transaction recorded as backing more than one money event (a saved batch, a batch sent
 * and not saved, a plan's part resolved with a transaction of its own, a withdrawal-out payout):
 * always unexplained. `uses` oldest first; `use` says what it backs in words.
 */
export const transactionUsedTwiceRow = z.object({
  hash: z.string(),
  uses: z.array(
    z.object({
      kind: z.string(),
      recordId: z.string(),
      use: z.string(),
      at: z.string().nullable(),
    }),
  ),
});

/**
 * A deposit the chain watcher credited that its receipt on the chain does not back: no receipt, a
 * failed transaction, or no Transfer log of that token at that log index with that amount to that
 * address. Always unexplained.
 */
export const depositUnbackedRow = z.object({
  depositId: z.string(),
  chainId: z.number().int(),
  txHash: z.string(),
  logIndex: z.number().int(),
  currency: z.string(),
  amount: z.string(),
  toAddress: z.string(),
  username: z.string().nullable(),
  creditedAt: z.string().nullable(),
  problem: z.string(),
});

export const reconciliationSummary = z.object({
  checkedAt: z.string(),
  tolerance: z.number(),
  /** The chain saved batches are compared with; null: none configured. */
  chainId: z.number().int().nullable(),
  /** Everything that is not accounted for: ledger drift, unexplained flags, hold drift, mismatching batches, transactions used twice. */
  unexplained: z.number().int(),
  ledger: z.object({
    users: z.number().int(),
    wallets: z.number().int(),
    balances: z.number().int(),
    drift: z.number().int(),
  }),
  flagged: z.object({ total: z.number().int(), explained: z.number().int(), unexplained: z.number().int() }),
  holds: z.object({ plans: z.number().int(), drift: z.number().int() }),
  batches: z.object({
    /** Batches saved through a process list (save-batch and the demo's lists). */
    saved: z.number().int(),
    matching: z.number().int(),
    mismatching: z.number().int(),
    notOnChain: z.number().int(),
    notChecked: z.number().int(),
    /** Batch records without a process list (history loaded with the plans): nothing to compare on chain. */
    history: z.number().int(),
  }),
  /** Chain transactions recorded as money moved, and those backing more than one money event (absent from runs stored before this figure). */
  transactions: z.object({ recorded: z.number().int(), usedTwice: z.number().int() }).optional(),
  /** Deposits the chain watcher credited, and those their receipt on the chain does not back (absent from runs stored before this figure). */
  deposits: z
    .object({ credited: z.number().int(), unbacked: z.number().int(), notChecked: z.number().int() })
    .optional(),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummary>;

export const reconciliation = reconciliationSummary.extend({
  rows: z.object({
    ledger: paged(ledgerDriftRow),
    flagged: paged(flaggedRow),
    holds: paged(holdDriftRow),
    batches: paged(batchCheckRow),
    transactions: paged(transactionUsedTwiceRow),
    deposits: paged(depositUnbackedRow),
  }),
});
export type Reconciliation = z.infer<typeof reconciliation>;
export type LedgerDriftRow = z.infer<typeof ledgerDriftRow>;
export type FlaggedRow = z.infer<typeof flaggedRow>;
export type HoldDriftRow = z.infer<typeof holdDriftRow>;
export type BatchCheckRow = z.infer<typeof batchCheckRow>;
export type TransactionUsedTwiceRow = z.infer<typeof transactionUsedTwiceRow>;
export type DepositUnbackedRow = z.infer<typeof depositUnbackedRow>;

/**
 * One kind's rows of a stored run, paged; `kind` says which list the records are, `runId` and
 * `checkedAt` which run they come from. Pages go up to the rows the run kept (RECONCILIATION_ROW_CAP);
 * `totalRecords` is the true count.
 */
export const reconciliationRows = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ledger'), runId: z.string(), checkedAt: z.string(), rows: paged(ledgerDriftRow) }),
  z.object({ kind: z.literal('flagged'), runId: z.string(), checkedAt: z.string(), rows: paged(flaggedRow) }),
  z.object({ kind: z.literal('holds'), runId: z.string(), checkedAt: z.string(), rows: paged(holdDriftRow) }),
  z.object({ kind: z.literal('batches'), runId: z.string(), checkedAt: z.string(), rows: paged(batchCheckRow) }),
  z.object({
    kind: z.literal('transactions'),
    runId: z.string(),
    checkedAt: z.string(),
    rows: paged(transactionUsedTwiceRow),
  }),
  z.object({ kind: z.literal('deposits'), runId: z.string(), checkedAt: z.string(), rows: paged(depositUnbackedRow) }),
]);
export type ReconciliationRows = z.infer<typeof reconciliationRows>;

/** A run's life: queued by a Super Admin or the daily schedule, run by the worker, done or failed. */
export const RECONCILIATION_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReconciliationRunStatus = (typeof RECONCILIATION_RUN_STATUSES)[number];
/** What a running run is checking, for the page's progress line. */
export const RECONCILIATION_STEP_LABELS: Record<ReconciliationKind, string> = {
  ledger: 'Ledger against balances',
  flagged: 'Balances against wallet transactions',
  holds: 'Plan holds against locks',
  batches: 'Saved batches against the chain',
  transactions: 'Chain transactions used once',
  deposits: 'Credited deposits against their receipts',
};

export const reconciliationRun = z.object({
  id: z.string(),
  status: z.enum(RECONCILIATION_RUN_STATUSES),
  /** While running: the part being checked (one after the other, in RECONCILIATION_KINDS order). */
  step: z.enum(RECONCILIATION_KINDS).nullable(),
  /** Who asked for it; null: the daily scheduled run. */
  requestedBy: z.object({ _id: z.string(), email: z.string(), fullName: z.string() }).nullable(),
  requestedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why a failed run failed. */
  error: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRun>;

/**
 * The page's state, read at once: the latest finished run with its figures and the first page of
 * every list (null: none has finished yet), the run queued or under way (null: none), and the last
 * failed run when it is newer than the latest finished one.
 */
export const reconciliationState = z.object({
  latest: reconciliationRun.extend({ report: reconciliation }).nullable(),
  current: reconciliationRun.nullable(),
  lastFailure: reconciliationRun.nullable(),
});
export type ReconciliationState = z.infer<typeof reconciliationState>;
