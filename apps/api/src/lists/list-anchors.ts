/**
 * Paged lists whose page N and total cost the same for every N (the user lists, the wallet
 * balance search, the KYC lists and the Transactions report's lists): a rank is an anchor (every
 * ANCHOR_SPACING-th row, with its rank at build time, see migration 0004) corrected by the
 * list's deltas, plus a count bounded by the spacing and the number of deltas. Newest (largest
 * key) first; the range is lo <= key < hi.
 */
import { named, type Db } from '@vaultdesk/db';
import { createAnchorEngine } from './anchor-engine';

/** A named (prepared) statement per text: see `named` in @vaultdesk/db. */
export { named };

/** Anchor spacing of the refreshes started from here (the SQL functions default to the same). */
export const ANCHOR_SPACING = 256;
/** A list is refreshed in the background once it has more deltas than this (or a call counted more than 4 × the spacing). */
const DELTA_LIMIT = ANCHOR_SPACING;

export type ListSpec = {
  anchors: 'user_list_anchors' | 'balance_anchors' | 'kyc_list_anchors' | 'tx_list_anchors';
  deltas: 'user_list_deltas' | 'balance_deltas' | 'kyc_list_deltas' | 'tx_list_deltas';
  /** The refresh function: user_list_anchors_refresh(key), balance_anchors_refresh(currency), kyc_list_anchors_refresh(key) or tx_list_anchors_refresh(key). */
  refresh:
    'user_list_anchors_refresh' | 'balance_anchors_refresh' | 'kyc_list_anchors_refresh' | 'tx_list_anchors_refresh';
  table: 'users' | 'wallet_balances' | 'kyc_records' | 'wallet_transactions' | 'savings_transactions';
  /** The list's rows of `table` (alias u); may use parameters from $6 on. */
  filter: string;
  key: string;
  id: string;
  keyType: 'timestamptz' | 'numeric';
};

export const USERS_BY_CREATED = (filter: string): ListSpec => ({
  anchors: 'user_list_anchors',
  deltas: 'user_list_deltas',
  refresh: 'user_list_anchors_refresh',
  table: 'users',
  filter,
  key: 'created_at',
  id: 'id',
  keyType: 'timestamptz',
});

export const BALANCES = (filter: string): ListSpec => ({
  anchors: 'balance_anchors',
  deltas: 'balance_deltas',
  refresh: 'balance_anchors_refresh',
  table: 'wallet_balances',
  filter,
  key: 'balance',
  id: 'wallet_id',
  keyType: 'numeric',
});

/** KYC records by level and status (migration 0012), most recently changed first. */
export const KYC_BY_UPDATED = (filter: string): ListSpec => ({
  anchors: 'kyc_list_anchors',
  deltas: 'kyc_list_deltas',
  refresh: 'kyc_list_anchors_refresh',
  table: 'kyc_records',
  filter,
  key: 'updated_at',
  id: 'id',
  keyType: 'timestamptz',
});

/** Savings or wallet transactions (migration 0016), newest first; filter `true` or by state. */
export const TRANSACTIONS_BY_CREATED = (
  table: 'wallet_transactions' | 'savings_transactions',
  filter: string,
): ListSpec => ({
  anchors: 'tx_list_anchors',
  deltas: 'tx_list_deltas',
  refresh: 'tx_list_anchors_refresh',
  table,
  filter,
  key: 'created_at',
  id: 'id',
  keyType: 'timestamptz',
});

/** Every anchored list family, for the periodic sweep. */
const FAMILIES: readonly Pick<ListSpec, 'deltas' | 'refresh'>[] = [
  { deltas: 'user_list_deltas', refresh: 'user_list_anchors_refresh' },
  { deltas: 'balance_deltas', refresh: 'balance_anchors_refresh' },
  { deltas: 'kyc_list_deltas', refresh: 'kyc_list_anchors_refresh' },
  { deltas: 'tx_list_deltas', refresh: 'tx_list_anchors_refresh' },
];

const MIN_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * One statement (one snapshot): parameters $1 list key, $2 lo, $3 hi, $4 rows to skip from the
 * top of the range ((page - 1) * pageSize), $5 page size, then the filter's own. Answers one row
 * per row of the page (sort_key, sort_id) in list order, each with total, scanned and deltas;
 * or a single row with null keys when the page is empty.
 */
export function listPageSql(s: ListSpec) {
  const T = s.keyType;
  const neg = T === 'timestamptz' ? `'-infinity'::timestamptz` : `'-Infinity'::numeric`;
  const rankNow = (a: string) =>
    `${a}.rank + coalesce((SELECT sum(x.delta) FROM ${s.deltas} x WHERE x.list_key = $1 AND (x.sort_key, x.sort_id) <= (${a}.sort_key, ${a}.sort_id)), 0)`;
  return `
WITH d AS (
  SELECT count(*) AS n, count(*) FILTER (WHERE delta < 0) AS neg FROM ${s.deltas} WHERE list_key = $1
), bounds AS (
  -- rows of the list with key < t, for t = lo and t = hi: the anchor below t, corrected, plus
  -- the rows between it and t
  SELECT b.which, coalesce(${rankNow('a')}, 0) + c.n AS below, c.n AS counted
    FROM (VALUES (1, $2::${T}), (2, $3::${T})) AS b (which, t)
    LEFT JOIN LATERAL (
      SELECT sort_key, sort_id, rank FROM ${s.anchors}
       WHERE list_key = $1 AND sort_key < b.t ORDER BY sort_key DESC, sort_id DESC LIMIT 1
    ) a ON true
    CROSS JOIN LATERAL (
      -- The key's lower bound is implied by the row comparison; written out, it lets the generic
      -- plan see a two-sided key range (a few hundred rows) instead of an open one (a third of the
      -- table), so it counts in the index alone instead of a bitmap scan that visits one heap page
      -- per row (the wallet balance search: ~450 buffers a call instead of ~130).
      SELECT count(*) AS n FROM ${s.table} u
       WHERE ${s.filter} AND u.${s.key} < b.t AND u.${s.key} >= coalesce(a.sort_key, ${neg})
         AND (u.${s.key}, u.${s.id}) > (coalesce(a.sort_key, ${neg}), coalesce(a.sort_id, '${MIN_UUID}'::uuid))
    ) c
), r AS (
  SELECT max(below) FILTER (WHERE which = 1) AS r_lo, max(below) FILTER (WHERE which = 2) AS r_hi, sum(counted) AS counted FROM bounds
), t AS (
  -- ascending rank of the page's first (newest) row
  SELECT r_lo, r_hi, r_hi - $4::bigint AS target, counted FROM r
), start AS (
  -- the first anchor sure to be at or above the target whatever the deltas did
  SELECT a.sort_key, a.sort_id, ${rankNow('a')} AS rank_now
    FROM t, d, LATERAL (
      SELECT sort_key, sort_id, rank FROM ${s.anchors}
       WHERE list_key = $1 AND rank >= t.target + d.neg ORDER BY rank LIMIT 1
    ) a
   WHERE a.sort_key < $3::${T}
), s AS (
  -- Without an anchor inside the range, the page is read from the top of the range itself: a
  -- start at +infinity would walk (in the index) every row above the range, since the scan's
  -- start is taken from the row comparison, not from the key < hi condition.
  SELECT coalesce(st.sort_key, $3::${T}) AS sk, CASE WHEN st.sort_key IS NULL THEN '${MIN_UUID}'::uuid ELSE st.sort_id END AS sid,
         CASE WHEN st.sort_key IS NULL THEN $4::bigint ELSE st.rank_now - t.target END AS skip,
         t.target > t.r_lo AS has_rows, t.r_hi - t.r_lo AS total, t.counted
    FROM t LEFT JOIN start st ON true
)
SELECT s.total::bigint AS total, (s.counted + CASE WHEN s.has_rows THEN s.skip ELSE 0 END)::bigint AS scanned, d.n::bigint AS deltas,
       p.sort_key, p.sort_id
  FROM s CROSS JOIN d
  LEFT JOIN LATERAL (
    SELECT u.${s.key} AS sort_key, u.${s.id} AS sort_id FROM ${s.table} u
     WHERE s.has_rows AND ${s.filter}
       AND (u.${s.key}, u.${s.id}) <= (s.sk, s.sid) AND u.${s.key} < $3::${T} AND u.${s.key} >= $2::${T}
     ORDER BY u.${s.key} DESC, u.${s.id} DESC
    OFFSET s.skip LIMIT $5
  ) p ON true
 ORDER BY p.sort_key DESC, p.sort_id DESC`;
}

export type ListPage<K> = { total: number; rows: { sortKey: K; sortId: string }[] };

/** Runs the page statement and, when the anchors have fallen behind, refreshes them in the background. */
export function createListReader(db: Db, log: (msg: string, err?: unknown) => void) {
  const engine = createAnchorEngine(db, log, { spacing: ANCHOR_SPACING, deltaLimit: DELTA_LIMIT });

  /** After a page was read: refreshes the list in the background when its anchors have fallen behind. */
  const checked = (spec: ListSpec, listKey: string, scanned: number | string, deltas: number | string) =>
    engine.checked(spec.refresh, listKey, scanned, deltas);

  return {
    checked,
    async page<K>(
      spec: ListSpec,
      listKey: string,
      lo: string,
      hi: string,
      skip: number,
      size: number,
      params: unknown[] = [],
    ): Promise<ListPage<K>> {
      const { rows } = await db.$client.query<{
        total: string;
        scanned: string;
        deltas: string;
        sort_key: K | null;
        sort_id: string | null;
      }>({ ...named(listPageSql(spec)), values: [listKey, lo, hi, skip, size, ...params] });
      const first = rows[0]!;
      checked(spec, listKey, first.scanned, first.deltas);
      return {
        total: Number(first.total),
        rows: rows.filter((r) => r.sort_id !== null).map((r) => ({ sortKey: r.sort_key as K, sortId: r.sort_id! })),
      };
    },
    /**
     * A database whose rows arrived without the triggers (a bulk load, or rows older than
     * migration 0004) has lists without anchors: they are built once, in the background.
     */
    async rebuildIfMissing() {
      const {
        rows: [r],
      } = await db.$client.query<{ users: boolean; balances: boolean }>(
        `SELECT (SELECT count(*) FROM (SELECT 1 FROM users LIMIT ${ANCHOR_SPACING}) s) = ${ANCHOR_SPACING}
                  AND NOT EXISTS (SELECT 1 FROM user_list_anchors WHERE list_key = 'created') AS users,
                (SELECT count(*) FROM (SELECT 1 FROM wallet_balances LIMIT ${ANCHOR_SPACING}) s) = ${ANCHOR_SPACING}
                  AND NOT EXISTS (SELECT 1 FROM balance_anchors) AS balances`,
      );
      if (r!.users) await db.$client.query(`SELECT user_list_anchors_rebuild(${ANCHOR_SPACING})`);
      if (r!.balances) await db.$client.query(`SELECT balance_anchors_rebuild(${ANCHOR_SPACING})`);
      return { users: r!.users, balances: r!.balances };
    },
    /** The same for the KYC lists: records loaded without the triggers get their anchors once. */
    async rebuildKycIfMissing() {
      const {
        rows: [r],
      } = await db.$client.query<{ kyc: boolean }>(
        `SELECT (SELECT count(*) FROM (SELECT 1 FROM kyc_records WHERE level_two_status IS NOT NULL LIMIT ${ANCHOR_SPACING}) s) = ${ANCHOR_SPACING}
                  AND NOT EXISTS (SELECT 1 FROM kyc_list_anchors WHERE list_key = '2:all') AS kyc`,
      );
      if (r!.kyc) await db.$client.query(`SELECT kyc_list_anchors_rebuild(${ANCHOR_SPACING})`);
      return r!.kyc;
    },
    /** The same for the transaction lists (the demo generator writes them with the triggers off). */
    async rebuildTransactionsIfMissing() {
      const {
        rows: [r],
      } = await db.$client.query<{ tx: boolean }>(
        `SELECT ((SELECT count(*) FROM (SELECT 1 FROM wallet_transactions LIMIT ${ANCHOR_SPACING}) s) = ${ANCHOR_SPACING}
                   AND NOT EXISTS (SELECT 1 FROM tx_list_anchors WHERE list_key = 'wallet:all'))
                OR ((SELECT count(*) FROM (SELECT 1 FROM savings_transactions LIMIT ${ANCHOR_SPACING}) s) = ${ANCHOR_SPACING}
                   AND NOT EXISTS (SELECT 1 FROM tx_list_anchors WHERE list_key = 'savings:all')) AS tx`,
      );
      if (r!.tx) await db.$client.query(`SELECT tx_list_anchors_rebuild(${ANCHOR_SPACING})`);
      return r!.tx;
    },
    /**
     * Folds the deltas of every list that has many into its anchors, so the delta tables stay
     * small even when nobody opens a list (balances change with every ledger row).
     */
    sweep: () => engine.sweep(FAMILIES),
  };
}
