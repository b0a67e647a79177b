import { sql } from 'drizzle-orm';
import { REPORT_PAGE_SIZE, type TransactionsGroupFilter, type TransactionsGroupPage } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { bound } from '../../queries/sql-filter';
import { transactionsFilter } from './report-filters';
import { pageOffset } from '../../lists/page';
import { paging, reportPage, resolveRange, rows, type RangeResults } from './reports-shared';

/**
 * Savings transactions per customer and currency in the range (and state), largest total
 * first: the maintained totals for the whole history, a kept ranking for any other range.
 */
export async function transactionsGroupReport(
  db: Db,
  ranges: RangeResults,
  q: TransactionsGroupFilter,
): Promise<TransactionsGroupPage> {
  const range = resolveRange(q);
  // A range that holds every savings transaction reads the maintained totals and their
  // maintained count (kept by the writes' own triggers, so exact: migrations 0009 and 0015),
  // in one statement that also tells whether the range holds every row; any other range
  // reads its kept ranking (below).
  const key = q.transactionState ?? -1;
  const whole = await rows<{
    every: boolean;
    groups: number;
    user_id: string | null;
    currency: string;
    n: number;
    total: string;
    username: string;
    email: string;
  }>(
    db,
    sql`
    WITH span AS (
      SELECT coalesce(min(created_at) >= ${range.lo}::timestamptz AND max(created_at) < ${range.hi}::timestamptz, true) AS every FROM savings_transactions
    ), g AS (
      SELECT t.* FROM span, LATERAL (
        SELECT user_id, currency, n, total FROM savings_group_totals WHERE span.every AND transaction_state = ${key} AND n > 0
         ORDER BY total DESC, user_id, currency LIMIT ${REPORT_PAGE_SIZE} OFFSET ${pageOffset(reportPage(q.page))}) t
    )
    SELECT span.every, (SELECT coalesce(sum(d.delta), 0)::int FROM savings_group_count_deltas d WHERE d.transaction_state = ${key}) AS groups,
           p.user_id, p.currency, p.n::int AS n, trim_scale(p.total)::text AS total, p.username, p.email
      FROM span LEFT JOIN LATERAL (
        SELECT g.*, u.username::text AS username, u.email::text AS email FROM g JOIN users u ON u.id = g.user_id
      ) p ON span.every
     ORDER BY p.total DESC, p.user_id, p.currency`,
  );
  if (whole[0]!.every) {
    const groups = whole[0]!.groups;
    const found = whole.filter((r) => r.user_id !== null);
    return {
      ...paging(q.page, groups, false, range),
      DocumentCount: groups,
      records: found.map((r) => ({
        _id: r.user_id!,
        username: r.username,
        email: r.email,
        currency: r.currency,
        transactionCount: r.n,
        totalTransactionAmount: r.total,
      })),
    };
  }
  // Any other range: its groups ranked once and kept while no write touches its days
  // (report-ranges.ts), so every page of it is an index read.
  const ranked = await ranges.page(
    {
      report: 'savings-group',
      params: `${range.start}|${range.end}|${q.transactionState ?? 'all'}`,
      firstDay: range.start,
      lastDay: range.end,
      groups: sql`
      SELECT t.user_id, t.currency, count(*)::int AS n, sum(t.amount) AS total, NULL::timestamptz AS last_at
        FROM savings_transactions t
       WHERE ${bound(transactionsFilter(range, q.transactionState))}
       GROUP BY t.user_id, t.currency`,
    },
    pageOffset(reportPage(q.page)),
    REPORT_PAGE_SIZE,
  );
  return {
    ...paging(q.page, ranked.groups, false, range),
    DocumentCount: ranked.groups,
    records: ranked.rows.map((r) => ({
      _id: r.user_id!,
      username: r.username,
      email: r.email,
      currency: r.currency,
      transactionCount: r.n,
      totalTransactionAmount: r.row_total,
    })),
  };
}
