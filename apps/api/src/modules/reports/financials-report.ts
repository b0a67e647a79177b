import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { bucketsFresh, freshRead, type ReportBuckets } from './report-buckets';
import { resolveRange, rows, type Range } from './reports-shared';

/** Fees collected against gas spent in the range, per currency and per month (from the day buckets). */
export async function financialsReport(db: Db, buckets: ReportBuckets, q: Range) {
  const range = resolveRange(q);
  // One statement: every figure from the day buckets, with whether they were current.
  type FinancialsRow = {
    fresh: boolean;
    fee_usd: string;
    gas_usd: string;
    net: string;
    n: number;
    by_currency: { currency: string; fee: string; fee_usd: string; n: number }[];
    by_month: { month: string; fee_usd: string; gas_usd: string }[];
  };
  const [row] = await freshRead(
    () =>
      rows<FinancialsRow>(
        db,
        sql`
    WITH f AS MATERIALIZED (SELECT * FROM report_day_fees f WHERE f.day BETWEEN ${range.start}::date AND ${range.end}::date),
         g AS MATERIALIZED (SELECT * FROM report_day_gas g WHERE g.day BETWEEN ${range.start}::date AND ${range.end}::date),
         t AS (SELECT (SELECT coalesce(sum(fee_usd), 0) FROM f) AS fee_usd, (SELECT coalesce(sum(gas_cost_usd), 0) FROM g) AS gas_usd,
                      (SELECT coalesce(sum(n), 0)::int FROM f) AS n),
         fm AS (SELECT to_char(day, 'YYYY-MM') AS month, sum(fee_usd) AS usd FROM f GROUP BY 1),
         gm AS (SELECT to_char(day, 'YYYY-MM') AS month, sum(gas_cost_usd) AS usd FROM g GROUP BY 1)
    SELECT ${bucketsFresh('fees', range.start, range.end)} AND ${bucketsFresh('gas', range.start, range.end)} AS fresh,
           trim_scale(t.fee_usd)::text AS fee_usd, trim_scale(t.gas_usd)::text AS gas_usd, trim_scale(t.fee_usd - t.gas_usd)::text AS net, t.n,
           (SELECT coalesce(json_agg(c ORDER BY c.currency), '[]') FROM (
              SELECT currency, trim_scale(sum(fee))::text AS fee, trim_scale(sum(fee_usd))::text AS fee_usd, sum(n)::int AS n FROM f GROUP BY currency) c) AS by_currency,
           (SELECT coalesce(json_agg(m ORDER BY m.month), '[]') FROM (
              SELECT month, coalesce(trim_scale(fm.usd), 0)::text AS fee_usd, coalesce(trim_scale(gm.usd), 0)::text AS gas_usd
                FROM fm FULL JOIN gm USING (month)) m) AS by_month
      FROM t`,
      ),
    () => Promise.all([buckets.ensure('fees', range.start, range.end), buckets.ensure('gas', range.start, range.end)]),
  );
  const totals = row!;
  const byCurrency = row!.by_currency;
  const byMonth = row!.by_month;
  return {
    start: range.start,
    end: range.end,
    totalFeesUSD: totals!.fee_usd,
    totalGasCostUSD: totals!.gas_usd,
    netUSD: totals!.net,
    feeCount: totals!.n,
    byCurrency: byCurrency.map((r) => ({ currency: r.currency, fee: r.fee, feeUSD: r.fee_usd, count: r.n })),
    byMonth: byMonth.map((r) => ({ month: r.month, feeUSD: r.fee_usd, gasCostUSD: r.gas_usd })),
  };
}
