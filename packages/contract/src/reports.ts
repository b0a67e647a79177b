import { z } from 'zod';
import { numberInput } from './numbers';
import { downloadFlag } from './exports';
import { dateOnly, dateRange } from './report-dates';
import { TRANSACTION_STATE_LABELS } from './user-profile';
import { pagedRecords } from './paging';

/** Transactions, accounts (fees and gas) and the other reports. */

export const REPORT_DEFAULT_START = '2021-10-01';
export const REPORT_PAGE_SIZE = 20;
/**
 * Counting stops here: a report page says "10,000+" rather than counting millions of rows on
 * every page turn, and pages go no deeper than the count. The CSV export has no cap.
 */
export const REPORT_COUNT_CAP = 10_000;
export const REPORT_MAX_PAGE = REPORT_COUNT_CAP / REPORT_PAGE_SIZE;

/** Transaction state codes 0-9 with their names (spec: "Transaction state codes"). */
export const TRANSACTION_STATES = TRANSACTION_STATE_LABELS.map((label, code) => ({ code, label }));
export const TRANSACTION_TYPES = ['savings', 'wallet'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

const page = z.coerce
  .number({ error: 'page must be a number' })
  .int()
  .min(1, 'page starts at 1')
  .max(REPORT_MAX_PAGE, `At most page ${REPORT_MAX_PAGE}: export the rows to see them all`)
  .default(1);

const rangeFields = {
  start: dateOnly.optional().default(REPORT_DEFAULT_START),
  end: dateOnly.optional(),
};

const transactionState = numberInput('transactionState must be a code 0-9')
  .pipe(
    z
      .number()
      .int('transactionState must be a code 0-9')
      .min(0, 'transactionState must be a code 0-9')
      .max(9, 'transactionState must be a code 0-9'),
  )
  .optional();

export const transactionsQuery = dateRange(
  z.object({
    type: z.enum(TRANSACTION_TYPES, { error: "type must be 'savings' or 'wallet'" }).optional().default('savings'),
    transactionState,
    ...rangeFields,
    page,
    download: downloadFlag,
  }),
);
export type TransactionsQuery = z.input<typeof transactionsQuery>;
export type TransactionsFilter = z.output<typeof transactionsQuery>;

export const transactionsGroupQuery = dateRange(
  z.object({
    transactionState,
    ...rangeFields,
    page,
    download: downloadFlag,
  }),
);
export type TransactionsGroupQuery = z.input<typeof transactionsGroupQuery>;
export type TransactionsGroupFilter = z.output<typeof transactionsGroupQuery>;

export const feeReportQuery = dateRange(z.object({ ...rangeFields, page, download: downloadFlag }));
export type FeeReportQuery = z.input<typeof feeReportQuery>;
export type FeeReportFilter = z.output<typeof feeReportQuery>;

/** A report's page of `record`s: the page payload, whether the count stopped at its cap, and the range. */
const reportPage = <T extends z.ZodType>(record: T) =>
  pagedRecords(record).extend({
    /** true when totalRecords stopped at REPORT_COUNT_CAP: there are at least that many. */
    totalIsCapped: z.boolean(),
    start: z.string(),
    end: z.string(),
  });

export const reportTransaction = z.object({
  _id: z.string(),
  userId: z.object({ _id: z.string(), username: z.string(), email: z.string(), profileUrl: z.string().nullable() }),
  amount: z.string(),
  currency: z.string(),
  network: z.number().int(),
  txnHash: z.string().nullable(),
  transactionState: z.number().int(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type ReportTransaction = z.infer<typeof reportTransaction>;

export const transactionsPage = reportPage(reportTransaction).extend({
  type: z.enum(TRANSACTION_TYPES),
});
export type TransactionsPage = z.infer<typeof transactionsPage>;

export const groupedTransaction = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  currency: z.string(),
  transactionCount: z.number().int(),
  totalTransactionAmount: z.string(),
});
export type GroupedTransaction = z.infer<typeof groupedTransaction>;

export const transactionsGroupPage = reportPage(groupedTransaction).extend({
  /** Number of groups (customer and currency) in the range: the specification's DocumentCount. */
  DocumentCount: z.number().int(),
});
export type TransactionsGroupPage = z.infer<typeof transactionsGroupPage>;

export const feeRecord = z.object({
  _id: z.string(),
  transactionAmount: z.string(),
  finalAmount: z.string(),
  fee: z.string(),
  feeUSD: z.string(),
  discount: z.string(),
  currency: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  user: z.object({ _id: z.string(), username: z.string(), email: z.string() }),
});
export type FeeRecord = z.infer<typeof feeRecord>;

export const feeReportPage = reportPage(feeRecord).extend({
  /** Fees collected in the range, in USD at the price of the day each was charged. */
  totalFeesCollected: z.string(),
  totalsByCurrency: z.array(z.object({ currency: z.string(), fee: z.string() })),
});
export type FeeReportPage = z.infer<typeof feeReportPage>;

export const gasRecord = z.object({
  _id: z.string(),
  amount: z.string(),
  action: z.string(),
  bnbPrice: z.string(),
  finalShares: z.string(),
  gasCostUSD: z.string(),
  gasPrice: z.string(),
  gasUsed: z.number().int(),
  initShares: z.string(),
  pricePerFullShare: z.string(),
  shareBalance: z.string(),
  protocolName: z.string(),
  processStatus: z.string(),
  transactionHash: z.string().nullable(),
  createdAt: z.string(),
});
export type GasRecord = z.infer<typeof gasRecord>;

export const gasReportPage = reportPage(gasRecord).extend({
  totalGasUsed: z.string(),
  totalGasCostUSD: z.string(),
});
export type GasReportPage = z.infer<typeof gasReportPage>;

/* Financials, weekly growth, feature usage and referral payouts (reports.finance). */

export const financialsQuery = dateRange(z.object({ ...rangeFields, download: downloadFlag }));
export type FinancialsQuery = z.input<typeof financialsQuery>;
export const financials = z.object({
  start: z.string(),
  end: z.string(),
  /** Fees collected in USD (at the price of the day each was charged). */
  totalFeesUSD: z.string(),
  /** Gas the batches spent, in USD. */
  totalGasCostUSD: z.string(),
  /** Fees minus gas. */
  netUSD: z.string(),
  feeCount: z.number().int(),
  byCurrency: z.array(z.object({ currency: z.string(), fee: z.string(), feeUSD: z.string(), count: z.number().int() })),
  byMonth: z.array(z.object({ month: z.string(), feeUSD: z.string(), gasCostUSD: z.string() })),
});
export type Financials = z.infer<typeof financials>;

export const WEEKLY_DEFAULT_WEEKS = 12;
export const WEEKLY_MAX_WEEKS = 104;
export const weeklyQuery = z.object({
  weeks: z.coerce
    .number({ error: 'weeks must be a number' })
    .int()
    .min(1, 'At least 1 week')
    .max(WEEKLY_MAX_WEEKS, `At most ${WEEKLY_MAX_WEEKS} weeks`)
    .default(WEEKLY_DEFAULT_WEEKS),
  download: downloadFlag,
});
export type WeeklyQuery = z.input<typeof weeklyQuery>;

export const growthWeek = z.object({
  /** Monday of the ISO week, UTC. */
  weekStart: z.string(),
  signUps: z.number().int(),
  /** Of the week's sign-ups, those whose KYC level two is approved today. */
  verifiedUsers: z.number().int(),
  savingsCount: z.number().int(),
  savingsVolumeUSD: z.string(),
  walletTxCount: z.number().int(),
  /** Customers with at least one wallet or savings transaction in the week. */
  activeUsers: z.number().int(),
});
export type GrowthWeek = z.infer<typeof growthWeek>;
export const growthReport = z.object({ weeks: z.array(growthWeek), totalUsers: z.number().int() });
export type GrowthReport = z.infer<typeof growthReport>;

/** The product's features as feature usage counts them (transaction states grouped). */
export const FEATURES = [
  { key: 'funding', label: 'Funding', table: 'wallet', states: [0] },
  { key: 'withdrawal', label: 'Withdrawal', table: 'wallet', states: [1] },
  { key: 'transfer', label: 'Transfers', table: 'wallet', states: [2] },
  { key: 'swap', label: 'Swap', table: 'wallet', states: [4] },
  { key: 'fixedSavings', label: 'Fixed savings', table: 'savings', states: [6, 7] },
  { key: 'flexibleSavings', label: 'Flexible savings', table: 'savings', states: [5, 8, 9] },
  { key: 'referrals', label: 'Referrals', table: 'referrals', states: [] },
] as const;
export type FeatureKey = (typeof FEATURES)[number]['key'];
export const featureWeek = z.object({
  weekStart: z.string(),
  /** Uses (transactions, or referrals) per feature. */
  uses: z.record(z.string(), z.number().int()),
  /** Distinct customers per feature. */
  users: z.record(z.string(), z.number().int()),
});
export type FeatureWeek = z.infer<typeof featureWeek>;
export const featureReport = z.object({ weeks: z.array(featureWeek) });
export type FeatureReport = z.infer<typeof featureReport>;

export const payoutsQuery = dateRange(z.object({ ...rangeFields, page, download: downloadFlag }));
export type PayoutsQuery = z.input<typeof payoutsQuery>;
export const payoutRow = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  paidReferrals: z.number().int(),
  totalPaid: z.string(),
  lastPaidAt: z.string(),
});
export type PayoutRow = z.infer<typeof payoutRow>;
export const payoutsPage = reportPage(payoutRow).extend({
  totalPaid: z.string(),
  currency: z.string(),
});
export type PayoutsPage = z.infer<typeof payoutsPage>;
