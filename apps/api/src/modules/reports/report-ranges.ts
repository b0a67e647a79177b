import { sql, type SQL } from 'drizzle-orm';
import { REPORT_MAX_PAGE, REPORT_PAGE_SIZE } from '@vaultdesk/contract';
import { preparedRows, type Db } from '@vaultdesk/db';

/**
 * Grouped reports over an arbitrary range (migration 0017_report_range_results): the range's
 * groups are ranked once (the first KEPT_RANKS kept, with the count and total of all), by one statement that records the snapshot it read, and kept; every
 * page of the range then reads its rows by rank. A result is read only while no write its
 * snapshot did not see has touched one of its days (the change marks), so it is never stale:
 * otherwise the range is ranked again. Under a shared 'report_range' lock (housekeeping takes it
 * exclusively before removing marks) and a lock per range, so concurrent readers of a new range
 * rank it once.
 */
export type RangeReport = 'savings-group' | 'referral-payouts';

export type RangeRow = {
  groups: number;
  total: string;
  rank: number | null;
  user_id: string | null;
  currency: string;
  n: number;
  row_total: string;
  last_at: string | null;
  username: string;
  email: string;
};

export type RangeQuery = {
  report: RangeReport;
  /** The range and filter, canonical: one result per distinct value. */
  params: string;
  /** The UTC days the range covers, both included. */
  firstDay: string;
  lastDay: string;
  /** The groups: columns user_id, currency, n, total, last_at (any order: ranked by total, user, currency). */
  groups: SQL;
};

/**
 * The ranks a page can show (pages stop at REPORT_MAX_PAGE; beyond, the CSV export holds every
 * row): only these are stored, with the count and total of every group.
 */
const KEPT_RANKS = REPORT_MAX_PAGE * REPORT_PAGE_SIZE;

const readSql = (q: RangeQuery, skip: number, size: number, fresh: boolean) => sql`
  WITH r AS (
    SELECT r.id, r.groups, r.total FROM report_range_results r
     WHERE r.report = ${q.report} AND r.params = ${q.params}
       ${
         fresh
           ? sql`AND NOT EXISTS (SELECT 1 FROM report_range_changes c
                                      WHERE c.report = r.report AND c.day BETWEEN r.first_day AND r.last_day
                                        AND NOT pg_visible_in_snapshot(c.xid, r.snap))`
           : sql``
       }
  )
  SELECT r.groups, trim_scale(r.total)::text AS total, p.* FROM r LEFT JOIN LATERAL (
    SELECT x.rank, x.user_id, x.currency, x.n, trim_scale(x.total)::text AS row_total,
           to_char(x.last_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_at, u.username::text AS username, u.email::text AS email
      FROM report_range_rows x JOIN users u ON u.id = x.user_id
     WHERE x.result_id = r.id AND x.rank > ${skip} ORDER BY x.rank LIMIT ${size}
  ) p ON true
  ORDER BY p.rank`;

export function createRangeResults(db: Db) {
  /** Ranks the range's groups anew unless another reader did while this one waited. */
  async function compute(q: RangeQuery) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtext('report_range'))`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`report_range:${q.report}:${q.params}`}))`);
      if ((await tx.execute(readSql(q, 0, 1, true))).rows.length) return;
      await tx.execute(sql`DELETE FROM report_range_results WHERE report = ${q.report} AND params = ${q.params}`);
      // One statement, one snapshot: the groups and the snapshot recorded with them.
      await tx.execute(sql`
        WITH g AS (${q.groups}),
        res AS (
          INSERT INTO report_range_results (report, params, first_day, last_day, snap, groups, total)
          SELECT ${q.report}, ${q.params}, ${q.firstDay}::date, ${q.lastDay}::date, pg_current_snapshot(), count(*), coalesce(sum(g.total), 0) FROM g
          RETURNING id
        )
        INSERT INTO report_range_rows (result_id, rank, user_id, currency, n, total, last_at)
        SELECT res.id, row_number() OVER (ORDER BY top.total DESC, top.user_id, top.currency), top.user_id, top.currency, top.n, top.total, top.last_at
          FROM res, (SELECT * FROM g ORDER BY g.total DESC, g.user_id, g.currency LIMIT ${KEPT_RANKS}) top`);
    });
  }

  return {
    /**
     * One page (ranks skip+1 .. skip+size) of the range's groups with their count and total. A
     * result ranked during this call is read even if a write landed meanwhile: it is the data as
     * of its snapshot, taken during the call.
     */
    async page(
      q: RangeQuery,
      skip: number,
      size: number,
    ): Promise<{ groups: number; total: string; rows: RangeRow[] }> {
      let found = await preparedRows<RangeRow>(db, readSql(q, skip, size, true));
      for (let attempt = 0; !found.length && attempt < 3; attempt++) {
        await compute(q);
        found = await preparedRows<RangeRow>(db, readSql(q, skip, size, false));
      }
      if (!found.length) throw new Error(`report range ${q.report} ${q.params} could not be read`);
      return { groups: found[0]!.groups, total: found[0]!.total, rows: found.filter((r) => r.user_id !== null) };
    },
  };
}
