import type { Db } from '@vaultdesk/db';

/**
 * Keeps the security tables lean: sessions a day past their expiry, and sign-in attempts too
 * old to count towards a lockout (kept 30 days for investigations). The audit trail is never
 * touched: it is append-only. Also compacts the report buckets' dirty marks (one per bucket, none
 * for buckets never computed: `report_dirty_compact()`, migration 0014) and the grouped savings
 * totals' count deltas (one row per state: `savings_group_counts_compact()`, migration 0015), and
 * drops the kept rankings of report ranges older than a day with the change marks no kept ranking
 * needs (`report_range_compact()`, migration 0017).
 */
export async function housekeeping(db: Db) {
  const sessions = await db.$client.query(`DELETE FROM staff_sessions WHERE expires_at < now() - interval '1 day'`);
  const attempts = await db.$client.query(`DELETE FROM login_attempts WHERE at < now() - interval '30 days'`);
  const marks = await db.$client.query<{ n: number }>('SELECT report_dirty_compact() AS n');
  const groupCounts = await db.$client.query<{ n: number }>('SELECT savings_group_counts_compact() AS n');
  const rangeMarks = await db.$client.query<{ n: number }>('SELECT report_range_compact() AS n');
  return {
    sessions: sessions.rowCount ?? 0,
    attempts: attempts.rowCount ?? 0,
    reportMarks: marks.rows[0]!.n,
    groupCountDeltas: groupCounts.rows[0]!.n,
    rangeMarks: rangeMarks.rows[0]!.n,
  };
}
