import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { bucketsBetween, type ReportBuckets } from './report-buckets';
import { rows, weekRange } from './reports-shared';

/** Uses and distinct customers per feature per week, the last `weeks` weeks, oldest first (week buckets). */
export async function featureUsageReport(db: Db, buckets: ReportBuckets, weeks: number, now = new Date()) {
  const { from, to } = weekRange(weeks, now);
  await buckets.ensure('features', from, to);
  const found = await rows<{ week: string; feature: string; uses: number; users: number }>(
    db,
    sql`
    SELECT to_char(week, 'YYYY-MM-DD') AS week, feature, uses, users FROM report_week_features
     WHERE week BETWEEN ${from}::date AND ${to}::date ORDER BY week, feature`,
  );
  const byWeek = new Map(
    bucketsBetween(from, to, 'week').map((w) => [
      w,
      { weekStart: w, uses: {} as Record<string, number>, users: {} as Record<string, number> },
    ]),
  );
  for (const r of found) {
    const week = byWeek.get(r.week)!;
    week.uses[r.feature] = r.uses;
    week.users[r.feature] = r.users;
  }
  return { weeks: [...byWeek.values()] };
}
