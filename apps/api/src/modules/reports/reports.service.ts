import type {
  FeeReportFilter,
  FeeReportPage,
  GasReportPage,
  TransactionsFilter,
  TransactionsGroupFilter,
  TransactionsGroupPage,
  TransactionsPage,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { createListReader } from '../../lists/list-anchors';
import { featureUsageReport } from './feature-usage-report';
import { feesCollectedReport } from './fees-collected-report';
import { financialsReport } from './financials-report';
import { gasFeesSpentReport } from './gas-fees-report';
import { growthReport } from './growth-report';
import { payoutsReport } from './payouts-report';
import { createReportBuckets } from './report-buckets';
import { createRangeResults } from './report-ranges';
import type { Range } from './reports-shared';
import { transactionsGroupReport } from './transactions-group-report';
import { transactionsReport } from './transactions-report';

/*
 * The reports module's public face: each report is read by its own file (transactions, grouped
 * transactions, fees, gas, financials, growth, feature usage, payouts).
 */
export { resolveRange, weekRange } from './reports-shared';

export function createReportsService(db: Db, log: (msg: string, err?: unknown) => void = () => undefined) {
  const buckets = createReportBuckets(db);
  const lists = createListReader(db, log);
  const ranges = createRangeResults(db);
  return {
    /** Transactions loaded without the triggers (a bulk load) get their list anchors once, at start. */
    rebuildListsIfMissing: () => lists.rebuildTransactionsIfMissing(),
    transactions: (q: TransactionsFilter): Promise<TransactionsPage> => transactionsReport(db, lists, q),
    transactionsGroup: (q: TransactionsGroupFilter): Promise<TransactionsGroupPage> =>
      transactionsGroupReport(db, ranges, q),
    feesCollected: (q: FeeReportFilter): Promise<FeeReportPage> => feesCollectedReport(db, buckets, q),
    gasFeesSpent: (q: FeeReportFilter): Promise<GasReportPage> => gasFeesSpentReport(db, buckets, q),
  };
}

export function createFinanceReportsService(db: Db) {
  const buckets = createReportBuckets(db);
  const ranges = createRangeResults(db);
  return {
    financials: (q: Range) => financialsReport(db, buckets, q),
    growth: (weeks: number, now = new Date()) => growthReport(db, buckets, weeks, now),
    featureUsage: (weeks: number, now = new Date()) => featureUsageReport(db, buckets, weeks, now),
    payouts: (q: Range & { page: number }) => payoutsReport(ranges, q),
  };
}
