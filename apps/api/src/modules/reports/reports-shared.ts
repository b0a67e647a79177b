import { sql, type SQL } from 'drizzle-orm';
import { REPORT_COUNT_CAP, REPORT_PAGE_SIZE } from '@vaultdesk/contract';
import { preparedRows, type Db } from '@vaultdesk/db';
import type { createListReader } from '../../lists/list-anchors';
import { pageFields } from '../../lists/page';
import { dayRange } from '../../queries/day-range';
import type { createRangeResults } from './report-ranges';

/** The list anchors the Transactions report pages with, and the range rankings the grouped reports keep. */
export type ListReader = ReturnType<typeof createListReader>;
export type RangeResults = ReturnType<typeof createRangeResults>;

const DAY_MS = 86_400_000;
const todayUtc = () => new Date().toISOString().slice(0, 10);
// trim_scale: money leaves the API as the shortest exact decimal.
export const MONEY = (col: string) => sql.raw(`trim_scale(${col})::text`);

export type Range = { start: string; end?: string | undefined };
/** Whole UTC days, both included: [start 00:00, the day after end 00:00). */
export const resolveRange = (q: Range) => dayRange(q.start, q.end ?? todayUtc());

/** Report reads run as named statements: planned once per connection (see `preparedRows`). */
export const rows = <T>(db: Db, query: SQL): Promise<T[]> => preparedRows<T>(db, query);

/** A report page's fields besides its records: the page's (REPORT_PAGE_SIZE a page), whether the count is capped, the range. */
export const paging = (page: number, total: number, capped: boolean, range: { start: string; end: string }) => ({
  ...pageFields(reportPage(page), total),
  totalIsCapped: capped,
  start: range.start,
  end: range.end,
});

/** The page query of a report's page `page` (reports page by REPORT_PAGE_SIZE). */
export const reportPage = (page: number) => ({ page, pageSize: REPORT_PAGE_SIZE });

/** A count read from the day buckets, capped at REPORT_COUNT_CAP (the fee and gas lists). */
export const capped = (n: number) => ({
  totalRecords: Math.min(n, REPORT_COUNT_CAP),
  totalIsCapped: n > REPORT_COUNT_CAP,
});

/** Monday 00:00 UTC of the week `weeksAgo` weeks before this one. */
const weekStart = (weeksAgo: number, now = new Date()) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - (sinceMonday + 7 * weeksAgo) * DAY_MS);
};

/** The Mondays (YYYY-MM-DD) of the first and the last of the last `weeks` ISO weeks, this one included. */
export const weekRange = (weeks: number, now = new Date()) => ({
  from: weekStart(weeks - 1, now)
    .toISOString()
    .slice(0, 10),
  to: weekStart(0, now).toISOString().slice(0, 10),
});
