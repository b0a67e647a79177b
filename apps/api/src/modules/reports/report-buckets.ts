import { sql, type SQL } from 'drizzle-orm';
import { preparedRows, type Db } from '@vaultdesk/db';
import { activeCustomerRows, featureUses } from './report-activity';

/**
 * Report figures kept per UTC day or ISO week (migration 0014_report_buckets): computed from the
 * raw rows the first time a report needs a bucket, stored, and reused until a write to one of its
 * rows marks it dirty. `ensureBuckets` makes every bucket of a range current before a report sums
 * the stored figures, so a report over five years reads a few hundred small rows instead of
 * millions, and is exact: a bucket is read only when no write since its computation touched it.
 */
export type BucketKind = 'fees' | 'gas' | 'signups' | 'activity' | 'features';
type Step = 'day' | 'week';

const DAY_MS = 86_400_000;
const STEP: Record<BucketKind, Step> = { fees: 'day', gas: 'day', signups: 'week', activity: 'week', features: 'week' };

/** `[lo, hi)` as timestamps covering the buckets, for index range reads of the raw rows. */
const span = (buckets: string[], step: Step) => {
  const sorted = [...buckets].sort();
  const last = Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + (step === 'week' ? 7 : 1) * DAY_MS;
  return { lo: `${sorted[0]}T00:00:00Z`, hi: new Date(last).toISOString() };
};

/** Dates (made here, never from input) as one array parameter. */
const arr = (dates: string[]) => `{${dates.join(',')}}`;

const weekOf = (col: string) => sql.raw(`date_trunc('week', ${col} AT TIME ZONE 'UTC')::date`);
const dayOf = (col: string) => sql.raw(`(${col} AT TIME ZONE 'UTC')::date`);

/** Recomputes the stored rows of `buckets` (dates as YYYY-MM-DD) from the raw rows. */
const COMPUTE: Record<BucketKind, (buckets: string[]) => SQL[]> = {
  fees: (b) => {
    const { lo, hi } = span(b, 'day');
    return [
      sql`DELETE FROM report_day_fees WHERE day = ANY(${arr(b)}::date[])`,
      sql`INSERT INTO report_day_fees (day, currency, n, fee, fee_usd)
          SELECT ${dayOf('f.created_at')}, f.currency, count(*), sum(f.fee), sum(f.fee_usd)
            FROM fee_records f
           WHERE f.created_at >= ${lo}::timestamptz AND f.created_at < ${hi}::timestamptz AND ${dayOf('f.created_at')} = ANY(${arr(b)}::date[])
           GROUP BY 1, 2`,
    ];
  },
  gas: (b) => {
    const { lo, hi } = span(b, 'day');
    return [
      sql`DELETE FROM report_day_gas WHERE day = ANY(${arr(b)}::date[])`,
      sql`INSERT INTO report_day_gas (day, n, gas_used, gas_cost_usd)
          SELECT ${dayOf('g.created_at')}, count(*), sum(g.gas_used), sum(g.gas_cost_usd)
            FROM gas_records g
           WHERE g.created_at >= ${lo}::timestamptz AND g.created_at < ${hi}::timestamptz AND ${dayOf('g.created_at')} = ANY(${arr(b)}::date[])
           GROUP BY 1`,
    ];
  },
  signups: (b) => {
    const { lo, hi } = span(b, 'week');
    return [
      sql`DELETE FROM report_week_signups WHERE week = ANY(${arr(b)}::date[])`,
      sql`INSERT INTO report_week_signups (week, sign_ups, verified)
          SELECT w.week, coalesce(u.n, 0), coalesce(u.verified, 0)
            FROM unnest(${arr(b)}::date[]) AS w(week)
            LEFT JOIN (SELECT ${weekOf('u.created_at')} AS week, count(*) AS n, count(*) FILTER (WHERE u.kyc_level_two_status = 'approved') AS verified
                         FROM users u WHERE u.created_at >= ${lo}::timestamptz AND u.created_at < ${hi}::timestamptz GROUP BY 1) u USING (week)`,
    ];
  },
  activity: (b) => {
    const { lo, hi } = span(b, 'week');
    const inRange = (col: string) =>
      sql`${sql.raw(col)} >= ${lo}::timestamptz AND ${sql.raw(col)} < ${hi}::timestamptz`;
    return [
      sql`DELETE FROM report_week_activity WHERE week = ANY(${arr(b)}::date[])`,
      sql`DELETE FROM report_week_savings WHERE week = ANY(${arr(b)}::date[])`,
      sql`INSERT INTO report_week_activity (week, wallet, active)
          SELECT w.week, coalesce(t.n, 0), coalesce(a.n, 0)
            FROM unnest(${arr(b)}::date[]) AS w(week)
            LEFT JOIN (SELECT ${weekOf('created_at')} AS week, count(*) AS n FROM wallet_transactions WHERE ${inRange('created_at')} GROUP BY 1) t USING (week)
            LEFT JOIN (SELECT week, count(DISTINCT user_id) AS n FROM (${sql.raw(activeCustomerRows(`'${lo}'::timestamptz`, `'${hi}'::timestamptz`))}) x GROUP BY 1) a USING (week)`,
      sql`INSERT INTO report_week_savings (week, currency, n, amount)
          SELECT ${weekOf('created_at')}, currency, count(*), sum(amount) FROM savings_transactions
           WHERE ${inRange('created_at')} AND ${weekOf('created_at')} = ANY(${arr(b)}::date[]) GROUP BY 1, 2`,
    ];
  },
  features: (b) => {
    const { lo, hi } = span(b, 'week');
    // The same rows as the feature usage export reads (lo and hi are made here from bucket dates).
    const uses = sql.raw(featureUses(`'${lo}'::timestamptz`, `'${hi}'::timestamptz`));
    return [
      sql`DELETE FROM report_week_features WHERE week = ANY(${arr(b)}::date[])`,
      sql`INSERT INTO report_week_features (week, feature, uses, users)
          SELECT week, feature, count(*), count(DISTINCT user_id) FROM (${uses}) x
           WHERE week = ANY(${arr(b)}::date[]) GROUP BY 1, 2`,
    ];
  },
};

/** Every bucket start from `from` to `to` (both YYYY-MM-DD, both included). */
export function bucketsBetween(from: string, to: string, step: Step): string[] {
  const out: string[] = [];
  const inc = (step === 'week' ? 7 : 1) * DAY_MS;
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += inc)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Monday of the ISO week holding `day` (YYYY-MM-DD). */
export const mondayOf = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
};

/**
 * True when every bucket of `kind` from `from` to `to` is computed and unmarked, as SQL to embed
 * in a report's read statement: the read and its freshness in one round trip and one snapshot.
 * A read that answers false is not used: the caller runs `ensure` and reads again.
 */
export const bucketsFresh = (kind: BucketKind, from: string, to: string): SQL => sql`(
  (SELECT count(*) FROM report_buckets WHERE kind = ${kind} AND bucket BETWEEN ${from}::date AND ${to}::date) = ${bucketsBetween(from, to, STEP[kind]).length}
  AND NOT EXISTS (SELECT 1 FROM report_dirty WHERE kind = ${kind} AND bucket BETWEEN ${from}::date AND ${to}::date))`;

/**
 * Runs a read whose first row says whether the buckets it summed were current (`fresh`); when
 * they were not, makes them current and reads once more.
 */
export async function freshRead<T extends { fresh: boolean }>(
  read: () => Promise<T[]>,
  ensure: () => Promise<unknown>,
): Promise<T[]> {
  const first = await read();
  if (first[0]?.fresh) return first;
  await ensure();
  return read();
}

export function createReportBuckets(db: Db) {
  const rows = <T>(q: SQL) => preparedRows<T>(db, q);
  return {
    /**
     * Makes every bucket of `kind` from `from` to `to` current: one read when they all are (the
     * usual case), otherwise the stale and missing ones are recomputed in one transaction, under
     * a per-kind lock so concurrent readers do the work once. Only the dirty marks visible when
     * the transaction starts are removed: a mark written by a transaction still running survives
     * it, and that bucket is recomputed by the next reader.
     */
    async ensure(kind: BucketKind, from: string, to: string): Promise<void> {
      const step = STEP[kind];
      const [state] = await rows<{ ok: boolean }>(sql`SELECT ${bucketsFresh(kind, from, to)} AS ok`);
      if (state!.ok) return;
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`report_buckets:${kind}`}))`);
        const need = (
          (
            await tx.execute(sql`
          SELECT to_char(b, 'YYYY-MM-DD') AS bucket FROM generate_series(${from}::date, ${to}::date, ${step === 'week' ? '7 days' : '1 day'}::interval) b
           WHERE NOT EXISTS (SELECT 1 FROM report_buckets r WHERE r.kind = ${kind} AND r.bucket = b::date)
              OR EXISTS (SELECT 1 FROM report_dirty d WHERE d.kind = ${kind} AND d.bucket = b::date)`)
          ).rows as { bucket: string }[]
        ).map((r) => r.bucket);
        if (!need.length) return;
        await tx.execute(sql`DELETE FROM report_dirty WHERE kind = ${kind} AND bucket = ANY(${arr(need)}::date[])`);
        for (const statement of COMPUTE[kind](need)) await tx.execute(statement);
        await tx.execute(sql`
          INSERT INTO report_buckets (kind, bucket) SELECT ${kind}, unnest(${arr(need)}::date[])
          ON CONFLICT (kind, bucket) DO UPDATE SET computed_at = now()`);
      });
    },
  };
}
export type ReportBuckets = ReturnType<typeof createReportBuckets>;
