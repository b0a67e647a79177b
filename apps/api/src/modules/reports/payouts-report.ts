import { sql } from 'drizzle-orm';
import { REPORT_PAGE_SIZE } from '@vaultdesk/contract';
import { bound } from '../../queries/sql-filter';
import { paidReferralsFilter } from './report-filters';
import { pageOffset } from '../../lists/page';
import { paging, reportPage, resolveRange, type Range, type RangeResults } from './reports-shared';

/**
 * Referral rewards paid per referrer for referrals made in the range, largest total first:
 * the range's referrers ranked once and kept while no write touches its days (report-ranges.ts).
 */
export async function payoutsReport(ranges: RangeResults, q: Range & { page: number }) {
  const range = resolveRange(q);
  const ranked = await ranges.page(
    {
      report: 'referral-payouts',
      params: `${range.start}|${range.end}`,
      firstDay: range.start,
      lastDay: range.end,
      groups: sql`
      SELECT r.referrer_id AS user_id, 'VLT' AS currency, count(*)::int AS n, sum(r.reward_amount) AS total, max(r.created_at) AS last_at
        FROM referrals r
       WHERE ${bound(paidReferralsFilter(range))}
       GROUP BY r.referrer_id`,
    },
    pageOffset(reportPage(q.page)),
    REPORT_PAGE_SIZE,
  );
  return {
    ...paging(q.page, ranked.groups, false, range),
    totalPaid: ranked.total,
    currency: 'VLT',
    records: ranked.rows.map((r) => ({
      _id: r.user_id!,
      username: r.username,
      email: r.email,
      paidReferrals: r.n,
      totalPaid: r.row_total,
      lastPaidAt: r.last_at!,
    })),
  };
}
