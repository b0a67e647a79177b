import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { mondayOf, type ReportBuckets } from './report-buckets';
import { rows, weekRange } from './reports-shared';

/**
 * The last `weeks` ISO weeks (this one included), every week present, oldest first, from the
 * week buckets. The total of users is the sum of every week's sign-ups since the first user's.
 */
export async function growthReport(db: Db, buckets: ReportBuckets, weeks: number, now = new Date()) {
  const { from, to } = weekRange(weeks, now);
  const [first] = await rows<{ day: string | null }>(
    db,
    sql`SELECT to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM users`,
  );
  const firstWeek = first!.day ? mondayOf(first!.day) : from;
  const signupsFrom = firstWeek < from ? firstWeek : from;
  await Promise.all([buckets.ensure('signups', signupsFrom, to), buckets.ensure('activity', from, to)]);
  const [found, [total]] = await Promise.all([
    rows<{
      week: string;
      sign_ups: number;
      verified: number;
      savings: number;
      savings_usd: string;
      wallet: number;
      active: number;
    }>(
      db,
      sql`
      SELECT to_char(u.week, 'YYYY-MM-DD') AS week, u.sign_ups, u.verified, a.wallet, a.active,
             coalesce((SELECT sum(s.n) FROM report_week_savings s WHERE s.week = u.week), 0)::int AS savings,
             coalesce(trim_scale(round((SELECT sum(s.amount * coalesce(p.usd_price, 0)) FROM report_week_savings s
                                         LEFT JOIN token_prices p ON p.currency = s.currency WHERE s.week = u.week), 2)), 0)::text AS savings_usd
        FROM report_week_signups u JOIN report_week_activity a USING (week)
       WHERE u.week BETWEEN ${from}::date AND ${to}::date
       ORDER BY u.week`,
    ),
    rows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(sign_ups), 0)::int AS n FROM report_week_signups WHERE week BETWEEN ${signupsFrom}::date AND ${to}::date`,
    ),
  ]);
  return {
    totalUsers: total!.n,
    weeks: found.map((r) => ({
      weekStart: r.week,
      signUps: r.sign_ups,
      verifiedUsers: r.verified,
      savingsCount: r.savings,
      savingsVolumeUSD: r.savings_usd,
      walletTxCount: r.wallet,
      activeUsers: r.active,
    })),
  };
}
