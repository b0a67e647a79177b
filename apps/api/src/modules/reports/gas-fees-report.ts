import { sql } from 'drizzle-orm';
import { REPORT_PAGE_SIZE, type FeeReportFilter, type GasReportPage } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { bound } from '../../queries/sql-filter';
import { isoSql as ISO } from '../../timestamps/iso';
import { bucketsFresh, freshRead, type ReportBuckets } from './report-buckets';
import { gasFilter } from './report-filters';
import { pageOffset } from '../../lists/page';
import { capped, MONEY, paging, reportPage, resolveRange, rows } from './reports-shared';

/** Gas records of the batches in the range, newest first, with the gas used and its cost in USD. */
export async function gasFeesSpentReport(db: Db, buckets: ReportBuckets, q: FeeReportFilter): Promise<GasReportPage> {
  const range = resolveRange(q);
  const where = bound(gasFilter(range));
  const found = await freshRead(
    () =>
      rows<
        Record<string, string | number | boolean | null> & {
          fresh: boolean;
          gas_total: string;
          usd_total: string;
          n_total: number;
        }
      >(
        db,
        sql`
    WITH head AS (
      SELECT ${bucketsFresh('gas', range.start, range.end)} AS fresh,
             coalesce(sum(d.gas_used), 0)::text AS gas_total, coalesce(trim_scale(sum(d.gas_cost_usd)), 0)::text AS usd_total, coalesce(sum(d.n), 0)::float8 AS n_total
        FROM report_day_gas d WHERE d.day BETWEEN ${range.start}::date AND ${range.end}::date
    )
    SELECT head.*, p.* FROM head LEFT JOIN LATERAL (
      SELECT g.id, ${MONEY('g.amount')} AS amount, g.action, ${MONEY('g.bnb_price')} AS bnb_price, ${MONEY('g.final_shares')} AS final_shares,
             ${MONEY('g.gas_cost_usd')} AS gas_cost_usd, ${MONEY('g.gas_price')} AS gas_price, g.gas_used::int AS gas_used,
             ${MONEY('g.init_shares')} AS init_shares, ${MONEY('g.price_per_full_share')} AS price_per_full_share,
             ${MONEY('g.share_balance')} AS share_balance, g.protocol_name, g.process_status, g.transaction_hash, ${ISO('g.created_at')} AS created_at,
             k.created_at AS sort_at
        FROM (SELECT g.id, g.created_at FROM gas_records g WHERE ${where} ORDER BY g.created_at DESC, g.id DESC
               LIMIT ${REPORT_PAGE_SIZE} OFFSET ${pageOffset(reportPage(q.page))}) k
        JOIN gas_records g ON g.id = k.id
    ) p ON true
    ORDER BY p.sort_at DESC, p.id DESC`,
      ),
    () => buckets.ensure('gas', range.start, range.end),
  );
  const totals = { gas: found[0]!.gas_total, usd: found[0]!.usd_total, n: found[0]!.n_total };
  const page = found.filter((r) => r.id !== null);
  const count = capped(totals.n);
  return {
    ...paging(q.page, count.totalRecords, count.totalIsCapped, range),
    totalGasUsed: totals.gas,
    totalGasCostUSD: totals.usd,
    records: page.map((r) => ({
      _id: String(r.id),
      amount: String(r.amount),
      action: String(r.action),
      bnbPrice: String(r.bnb_price),
      finalShares: String(r.final_shares),
      gasCostUSD: String(r.gas_cost_usd),
      gasPrice: String(r.gas_price),
      gasUsed: Number(r.gas_used),
      initShares: String(r.init_shares),
      pricePerFullShare: String(r.price_per_full_share),
      shareBalance: String(r.share_balance),
      protocolName: String(r.protocol_name),
      processStatus: String(r.process_status),
      transactionHash: r.transaction_hash === null ? null : String(r.transaction_hash),
      createdAt: String(r.created_at),
    })),
  };
}
