/**
 * The queue lists (deposit and withdraw queue per status, withdrawal-out per status) paged at
 * the same cost on page 1 and page 5,000: the list's total is its `queue_counts` row, and a
 * page starts at a rank anchor (every ANCHOR_SPACING-th row, migration 0013) corrected by the
 * list's deltas, plus an index-only walk bounded by the spacing and the number of deltas. One
 * statement per page (one snapshot), prepared once per pooled connection.
 */
import { genericRows, named, type Db } from '@vaultdesk/db';
import { createAnchorEngine } from './anchor-engine';

/**
 * Anchor spacing (the SQL functions default to the same): a page walks fewer index entries than
 * this beyond page 1's, so a deep page costs what page 1 does within a tenth of a millisecond.
 */
export const ANCHOR_SPACING = 64;
/** A list is refreshed in the background once it has more deltas than this (or a page walked more than 4 × the spacing). */
const DELTA_LIMIT = 256;
const QUEUE_LISTS = { deltas: 'queue_list_deltas', refresh: 'queue_list_anchors_refresh' } as const;
const MIN_UUID = '00000000-0000-0000-0000-000000000000';

export type QueueListKind = 'deposit' | 'withdraw' | 'withdrawout';

type ListShape = {
  /** The list's rows, alias k, as $2 (queue) and $3 (status) select them. */
  table: string;
  where: string;
  /** The queue_counts row of the list. */
  counts: string;
  /** Oldest first (the queues) or newest first (withdrawal-out). */
  newestFirst: boolean;
};

const SHAPES: Record<'items' | 'withdrawout', ListShape> = {
  items: {
    table: 'queue_items',
    where: 'k.queue = $2 AND k.status = $3::text',
    counts: 'queue = $2 AND status = $3::text',
    newestFirst: false,
  },
  withdrawout: {
    table: 'withdrawal_requests',
    where: "$2::text = 'withdrawout' AND k.status = $3::smallint",
    counts: "queue = 'withdrawout' AND status = $3::text",
    newestFirst: true,
  },
};

/**
 * Parameters: $1 list key, $2 queue, $3 status, $4 rows before the page counted from the
 * list's top ((page - 1) * pageSize), $5 page size. `select` reads the page's rows (alias `r`
 * for the table's full row, joined by id) with `joins`. Answers the page's rows in the list's
 * order, each with total, scanned and deltas; or one row of nulls (with those three) when the
 * page is empty.
 */
export function pageSql(kind: 'items' | 'withdrawout', select: string, joins: string) {
  const s = SHAPES[kind];
  // In ascending terms: newest first, the page is the rows after total - skip - size.
  const skip = s.newestFirst ? 'greatest(t.n - $4::bigint - $5::bigint, 0)' : '$4::bigint';
  const dir = s.newestFirst ? 'DESC' : '';
  return `
WITH t AS (
  SELECT coalesce((SELECT n FROM queue_counts WHERE ${s.counts}), 0)::bigint AS n
), d AS (
  SELECT count(*) AS n, count(*) FILTER (WHERE delta > 0) AS pos FROM queue_list_deltas WHERE list_key = $1
), w AS (
  -- rows to skip from the list's (ascending) start, and how many to read
  SELECT ${skip} AS skip, greatest(least($5::bigint, t.n - $4::bigint), 0) AS lim FROM t
), a AS (
  -- the last anchor sure to lie before the page whatever the deltas did, with its exact rank now
  SELECT x.sort_key, x.sort_id,
         x.rank + coalesce((SELECT sum(y.delta) FROM queue_list_deltas y
                             WHERE y.list_key = $1 AND (y.sort_key, y.sort_id) <= (x.sort_key, x.sort_id)), 0) AS rank_now
    FROM w, d, LATERAL (
      SELECT sort_key, sort_id, rank FROM queue_list_anchors
       WHERE list_key = $1 AND rank <= w.skip - d.pos ORDER BY rank DESC LIMIT 1
    ) x
), s AS (
  SELECT coalesce(a.sort_key, '-infinity'::timestamptz) AS sk, coalesce(a.sort_id, '${MIN_UUID}'::uuid) AS sid,
         w.skip - coalesce(a.rank_now, 0) AS skip, w.lim
    FROM w LEFT JOIN a ON true
)
SELECT t.n AS total, CASE WHEN s.lim > 0 THEN s.skip ELSE 0 END AS scanned, d.n AS deltas, ${select}
  FROM t CROSS JOIN d CROSS JOIN s
  LEFT JOIN LATERAL (
    SELECT k.created_at, k.id FROM ${s.table} k
     WHERE s.lim > 0 AND ${s.where} AND (k.created_at, k.id) > (s.sk, s.sid)
     ORDER BY k.created_at, k.id OFFSET s.skip LIMIT s.lim
  ) pick ON true
  LEFT JOIN ${s.table} r ON r.id = pick.id
  ${joins}
 ORDER BY pick.created_at ${dir}, pick.id ${dir}`;
}

export type PageMeta = { total: number; scanned: number; deltas: number };

export function createQueueLists(db: Db, log: (msg: string, err?: unknown) => void) {
  const engine = createAnchorEngine(db, log, { spacing: ANCHOR_SPACING, deltaLimit: DELTA_LIMIT });

  return {
    /** Runs a page statement of `pageSql`; refreshes the list's anchors in the background when they fell behind. */
    async page<R extends object>(text: string, queue: QueueListKind, status: string, skip: number, size: number) {
      const listKey = `${queue}:${status}`;
      // On its generic plan (see genericRows): re-planning it every call would cost more than its run.
      const rows = await genericRows<PageMeta & { id: string | null } & R>(db, named(text), [
        listKey,
        queue,
        status,
        skip,
        size,
      ]);
      const first = rows[0]!;
      engine.checked(QUEUE_LISTS.refresh, listKey, first.scanned, first.deltas);
      return { total: Number(first.total), rows: rows.filter((r) => r.id !== null) };
    },
    /** Lists whose rows arrived without the triggers (a bulk load, rows older than 0013) get their anchors once. */
    async rebuildIfMissing() {
      const {
        rows: [r],
      } = await db.$client.query<{ missing: boolean }>(
        `SELECT NOT EXISTS (SELECT 1 FROM queue_list_anchors)
                AND ((SELECT count(*) FROM (SELECT 1 FROM queue_items LIMIT ${ANCHOR_SPACING}) s) = ${ANCHOR_SPACING}
                  OR (SELECT count(*) FROM (SELECT 1 FROM withdrawal_requests LIMIT ${ANCHOR_SPACING}) s) = ${ANCHOR_SPACING}) AS missing`,
      );
      if (r!.missing) await db.$client.query(`SELECT queue_list_anchors_rebuild(${ANCHOR_SPACING})`);
      return r!.missing;
    },
    /** Folds the deltas of every list that has many into its anchors, even when nobody opens the list. */
    sweep: () => engine.sweep([QUEUE_LISTS]),
  };
}
