import { SHARE_PRICE_LIMIT, TREND_DAYS, type DashboardTrends, type SharePrices } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { usd } from './treasury-snapshots';

/** The dashboard's charts: a protocol's share prices and the daily trends. */

export async function sharePrices(db: Db, protocol: string): Promise<SharePrices> {
  const { rows } = await db.$client.query<{ price: string; recorded_at: Date }>(
    `SELECT price::text AS price, recorded_at FROM share_prices WHERE protocol = $1 ORDER BY recorded_at DESC LIMIT $2`,
    [protocol, SHARE_PRICE_LIMIT],
  );
  return rows.map((r) => ({ price: r.price, createdAt: r.recorded_at.toISOString() }));
}

/** The last TREND_DAYS UTC days, today included, every day present. */
export async function trends(db: Db): Promise<DashboardTrends> {
  const { rows } = await db.$client.query<{ day: string; signups: number; volume: string }>(
    `WITH b AS (
       SELECT (date_trunc('day', now() AT TIME ZONE 'UTC') - ($1::int - 1) * interval '1 day') AS first_day),
     r AS (SELECT first_day AT TIME ZONE 'UTC' AS t0, (first_day + $1::int * interval '1 day') AT TIME ZONE 'UTC' AS t1, first_day FROM b),
     days AS (SELECT (first_day + i * interval '1 day')::date AS day FROM r, generate_series(0, $1::int - 1) AS i),
     s AS (SELECT (u.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
             FROM users u, r WHERE u.created_at >= r.t0 AND u.created_at < r.t1 GROUP BY 1),
     v AS (SELECT (x.created_at AT TIME ZONE 'UTC')::date AS day, sum(x.amount * p.usd_price) AS usd
             FROM savings_transactions x CROSS JOIN r LEFT JOIN token_prices p ON p.currency = x.currency
            WHERE x.created_at >= r.t0 AND x.created_at < r.t1 GROUP BY 1)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(s.n, 0) AS signups, ${usd('v.usd')} AS volume
       FROM days d LEFT JOIN s ON s.day = d.day LEFT JOIN v ON v.day = d.day
      ORDER BY d.day`,
    [TREND_DAYS],
  );
  return rows.map((r) => ({ day: r.day, signups: r.signups, savingsVolume: r.volume }));
}
