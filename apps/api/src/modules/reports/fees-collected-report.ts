import { sql } from 'drizzle-orm';
import { REPORT_PAGE_SIZE, type FeeReportFilter, type FeeReportPage } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { bound } from '../../queries/sql-filter';
import { isoSql as ISO } from '../../timestamps/iso';
import { bucketsFresh, freshRead, type ReportBuckets } from './report-buckets';
import { feesFilter } from './report-filters';
import { pageOffset } from '../../lists/page';
import { capped, MONEY, paging, reportPage, resolveRange, rows } from './reports-shared';

/** Fee records in the range, newest first, with the fees collected (USD and per currency). */
export async function feesCollectedReport(db: Db, buckets: ReportBuckets, q: FeeReportFilter): Promise<FeeReportPage> {
  const range = resolveRange(q);
  const where = bound(feesFilter(range));
  // One statement: the page, and the count and totals from the day buckets (report-buckets.ts)
  // with whether those were current; when not, they are made current and it runs again.
  type FeeRow = {
    fresh: boolean;
    totals: { currency: string | null; fee: string; usd: string; n: number }[] | null;
    id: string | null;
    transaction_amount: string;
    final_amount: string;
    fee: string;
    fee_usd: string;
    discount: string;
    currency: string;
    description: string | null;
    created_at: string;
    user_id: string;
    username: string;
    email: string;
  };
  const found = await freshRead(
    () =>
      rows<FeeRow>(
        db,
        sql`
    WITH totals AS (
      SELECT d.currency, trim_scale(sum(d.fee))::text AS fee, trim_scale(sum(d.fee_usd))::text AS usd, sum(d.n)::bigint::float8 AS n
        FROM report_day_fees d WHERE d.day BETWEEN ${range.start}::date AND ${range.end}::date
       GROUP BY ROLLUP (d.currency)
    ), head AS (
      SELECT ${bucketsFresh('fees', range.start, range.end)} AS fresh,
             (SELECT json_agg(t ORDER BY t.currency NULLS LAST) FROM totals t) AS totals
    )
    SELECT head.fresh, head.totals, p.* FROM head LEFT JOIN LATERAL (
      SELECT f.id, ${MONEY('f.transaction_amount')} AS transaction_amount, ${MONEY('f.final_amount')} AS final_amount, ${MONEY('f.fee')} AS fee,
             ${MONEY('f.fee_usd')} AS fee_usd, ${MONEY('f.discount')} AS discount, f.currency, f.description, ${ISO('f.created_at')} AS created_at,
             f.user_id, u.username::text AS username, u.email::text AS email, k.created_at AS sort_at
        FROM (SELECT f.id, f.created_at FROM fee_records f WHERE ${where} ORDER BY f.created_at DESC, f.id DESC
               LIMIT ${REPORT_PAGE_SIZE} OFFSET ${pageOffset(reportPage(q.page))}) k
        JOIN fee_records f ON f.id = k.id JOIN users u ON u.id = f.user_id
    ) p ON true
    ORDER BY p.sort_at DESC, p.id DESC`,
      ),
    () => buckets.ensure('fees', range.start, range.end),
  );
  const totals = found[0]!.totals ?? [];
  const page = found.filter((r) => r.id !== null);
  const count = capped(totals.find((t) => t.currency === null)?.n ?? 0);
  const grand = totals.find((t) => t.currency === null);
  return {
    ...paging(q.page, count.totalRecords, count.totalIsCapped, range),
    totalFeesCollected: grand?.usd ?? '0',
    totalsByCurrency: totals.filter((t) => t.currency !== null).map((t) => ({ currency: t.currency!, fee: t.fee })),
    records: page.map((r) => ({
      _id: r.id!,
      transactionAmount: r.transaction_amount,
      finalAmount: r.final_amount,
      fee: r.fee,
      feeUSD: r.fee_usd,
      discount: r.discount,
      currency: r.currency,
      description: r.description,
      createdAt: r.created_at,
      user: { _id: r.user_id, username: r.username, email: r.email },
    })),
  };
}
