/**
 * Each report's filter, written once: its list call binds it (reports.service.ts), its export
 * inlines it (reports.exports.ts), so a file holds exactly the rows the page counted.
 */
import { NO_FILTER, raw, where } from '../../queries/sql-filter';

type DayRange = { lo: string; hi: string };

/** `[lo, hi)` on a timestamptz column. */
export const createdIn = (column: string, range: DayRange) =>
  where`${raw(column)} >= ${range.lo}::timestamptz AND ${raw(column)} < ${range.hi}::timestamptz`;

/** Savings or wallet transactions (alias t) in the range, and of one state when given. */
export const transactionsFilter = (range: DayRange, state: number | undefined) =>
  where`${createdIn('t.created_at', range)}${state === undefined ? NO_FILTER : where` AND t.transaction_state = ${state}`}`;

/** Fee records (alias f) in the range. */
export const feesFilter = (range: DayRange) => createdIn('f.created_at', range);

/** Gas records (alias g) in the range. */
export const gasFilter = (range: DayRange) => createdIn('g.created_at', range);

/** Paid referrals (alias r) made in the range. */
export const paidReferralsFilter = (range: DayRange) =>
  where`r.referral_state = 'paid' AND ${createdIn('r.created_at', range)}`;
