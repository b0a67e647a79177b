import { sql, type SQL } from 'drizzle-orm';
import {
  REPORT_COUNT_CAP, REPORT_PAGE_SIZE,
  type FeeReportFilter, type FeeReportPage, type GasReportPage, type TransactionsFilter, type TransactionsGroupFilter,
  type TransactionsGroupPage, type TransactionsPage,
} from '@vaultdesk/contract';
import { genericRows, named, preparedRows, type Db } from '@vaultdesk/db';
import { createListReader, listPageSql, TRANSACTIONS_BY_CREATED, type ListSpec } from '../../lists/list-anchors';
import { dayRange } from '../../queries/day-range';
import { bound } from '../../queries/sql-filter';
import { feesFilter, gasFilter, paidReferralsFilter, transactionsFilter } from './report-filters';
import { bucketsBetween, bucketsFresh, createReportBuckets, freshRead, mondayOf } from './report-buckets';
import { createRangeResults } from './report-ranges';
import { isoSql as ISO } from '../../timestamps/iso';
import { totalPages } from '../../lists/page';

const DAY_MS = 86_400_000;
const todayUtc = () => new Date().toISOString().slice(0, 10);
// trim_scale: money leaves the API as the shortest exact decimal.
const MONEY = (col: string) => sql.raw(`trim_scale(${col})::text`);

type Range = { start: string; end?: string | undefined };
/** Whole UTC days, both included: [start 00:00, the day after end 00:00). */
export const resolveRange = (q: Range) => dayRange(q.start, q.end ?? todayUtc());

/** Report reads run as named statements: planned once per connection (see `preparedRows`). */
const rows = <T>(db: Db, query: SQL): Promise<T[]> => preparedRows<T>(db, query);

const paging = (page: number, total: number, capped: boolean, range: { start: string; end: string }) => ({
  currentPage: page,
  totalRecords: total,
  totalIsCapped: capped,
  totalPage: totalPages(total, REPORT_PAGE_SIZE),
  pageSize: REPORT_PAGE_SIZE,
  start: range.start,
  end: range.end,
});

type TxRow = {
  id: string; user_id: string; username: string; email: string; profile_url: string | null; amount: string; currency: string; network: number;
  txn_hash: string | null; transaction_state: number; description: string | null; is_active: boolean; created_at: string;
};

/**
 * The Transactions report's page statements, one per list shape (savings or wallet, with or
 * without a state), each text built once: the page's keys and total from the anchors
 * (listPageSql), folded into one row of ids, then the rows by id (an index lookup each, whatever
 * plan the statement is cached with), with each row's position in the page.
 */
const txPagedText = (spec: ListSpec, type: 'savings' | 'wallet') => {
  const network = type === 'wallet' ? '(SELECT w.network FROM wallets w WHERE w.id = t.wallet_id)' : 't.network';
  return `
WITH p AS (${listPageSql(spec)}),
page AS (
  SELECT max(p.total) AS total, max(p.scanned) AS scanned, max(p.deltas) AS deltas,
         coalesce(array_agg(p.sort_id ORDER BY p.sort_key DESC, p.sort_id DESC) FILTER (WHERE p.sort_id IS NOT NULL), '{}') AS ids
    FROM p
)
SELECT page.total, page.scanned, page.deltas, array_position(page.ids, r.id) AS pos, r.*
  FROM page LEFT JOIN LATERAL (
    SELECT t.id, t.user_id, u.username::text AS username, u.email::text AS email, u.profile_url, trim_scale(t.amount)::text AS amount, t.currency,
           ${network} AS network, t.txn_hash, t.transaction_state, t.description, t.is_active,
           to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
      FROM ${spec.table} t JOIN users u ON u.id = t.user_id
     WHERE t.id = ANY (page.ids)
  ) r ON true`;
};
const TX_PAGED = Object.fromEntries((['savings', 'wallet'] as const).flatMap((type) => {
  const table = type === 'wallet' ? 'wallet_transactions' : 'savings_transactions';
  return ([['all', 'true'], ['state', 'u.transaction_state = $6::smallint']] as const).map(([shape, filter]) => {
    const spec = TRANSACTIONS_BY_CREATED(table, filter);
    return [`${type}:${shape}`, { spec, statement: named(txPagedText(spec, type)) }];
  });
})) as Record<`${'savings' | 'wallet'}:${'all' | 'state'}`, { spec: ListSpec; statement: { name: string; text: string } }>;

/** A count read from the day buckets, capped at REPORT_COUNT_CAP (the fee and gas lists). */
const capped = (n: number) => ({ totalRecords: Math.min(n, REPORT_COUNT_CAP), totalIsCapped: n > REPORT_COUNT_CAP });

export function createReportsService(db: Db, log: (msg: string, err?: unknown) => void = () => undefined) {
  const buckets = createReportBuckets(db);
  const lists = createListReader(db, log);
  const ranges = createRangeResults(db);
  return {
    /** Transactions loaded without the triggers (a bulk load) get their list anchors once, at start. */
    rebuildListsIfMissing: () => lists.rebuildTransactionsIfMissing(),

    /**
     * Savings or wallet transactions in the range (and state), newest first: the page's ids and
     * the exact total from the list's rank anchors (page 500 costs what page 1 does), the rows by
     * those ids, in one statement on its cached generic plan.
     */
    async transactions(q: TransactionsFilter): Promise<TransactionsPage> {
      const range = resolveRange(q);
      const { spec, statement } = TX_PAGED[`${q.type}:${q.transactionState === undefined ? 'all' : 'state'}`];
      const listKey = `${q.type}:${q.transactionState ?? 'all'}`;
      const found = await genericRows<TxRow & { total: number; scanned: number; deltas: number; pos: number | null }>(db, statement,
        [listKey, range.lo, range.hi, (q.page - 1) * REPORT_PAGE_SIZE, REPORT_PAGE_SIZE, ...(q.transactionState === undefined ? [] : [q.transactionState])]);
      const first = found[0]!;
      lists.checked(spec, listKey, first.scanned, first.deltas);
      const page = found.filter((r) => r.id !== null).sort((a, b) => a.pos! - b.pos!);
      return {
        ...paging(q.page, Number(first.total), false, range),
        type: q.type,
        records: page.map((r) => ({
          _id: r.id,
          userId: { _id: r.user_id, username: r.username, email: r.email, profileUrl: r.profile_url },
          amount: r.amount, currency: r.currency, network: r.network, txnHash: r.txn_hash, transactionState: r.transaction_state,
          description: r.description, isActive: r.is_active, createdAt: r.created_at,
        })),
      };
    },

    /**
     * Savings transactions per customer and currency in the range (and state), largest total
     * first: the maintained totals for the whole history, a kept ranking for any other range.
     */
    async transactionsGroup(q: TransactionsGroupFilter): Promise<TransactionsGroupPage> {
      const range = resolveRange(q);
      // A range that holds every savings transaction reads the maintained totals and their
      // maintained count (kept by the writes' own triggers, so exact: migrations 0009 and 0015),
      // in one statement that also tells whether the range holds every row; any other range
      // reads its kept ranking (below).
      const key = q.transactionState ?? -1;
      const whole = await rows<{ every: boolean; groups: number; user_id: string | null; currency: string; n: number; total: string; username: string; email: string }>(db, sql`
        WITH span AS (
          SELECT coalesce(min(created_at) >= ${range.lo}::timestamptz AND max(created_at) < ${range.hi}::timestamptz, true) AS every FROM savings_transactions
        ), g AS (
          SELECT t.* FROM span, LATERAL (
            SELECT user_id, currency, n, total FROM savings_group_totals WHERE span.every AND transaction_state = ${key} AND n > 0
             ORDER BY total DESC, user_id, currency LIMIT ${REPORT_PAGE_SIZE} OFFSET ${(q.page - 1) * REPORT_PAGE_SIZE}) t
        )
        SELECT span.every, (SELECT coalesce(sum(d.delta), 0)::int FROM savings_group_count_deltas d WHERE d.transaction_state = ${key}) AS groups,
               p.user_id, p.currency, p.n::int AS n, trim_scale(p.total)::text AS total, p.username, p.email
          FROM span LEFT JOIN LATERAL (
            SELECT g.*, u.username::text AS username, u.email::text AS email FROM g JOIN users u ON u.id = g.user_id
          ) p ON span.every
         ORDER BY p.total DESC, p.user_id, p.currency`);
      if (whole[0]!.every) {
        const groups = whole[0]!.groups;
        const found = whole.filter((r) => r.user_id !== null);
        return {
          ...paging(q.page, groups, false, range),
          DocumentCount: groups,
          records: found.map((r) => ({ _id: r.user_id!, username: r.username, email: r.email, currency: r.currency, transactionCount: r.n, totalTransactionAmount: r.total })),
        };
      }
      // Any other range: its groups ranked once and kept while no write touches its days
      // (report-ranges.ts), so every page of it is an index read.
      const ranked = await ranges.page({
        report: 'savings-group', params: `${range.start}|${range.end}|${q.transactionState ?? 'all'}`, firstDay: range.start, lastDay: range.end,
        groups: sql`
          SELECT t.user_id, t.currency, count(*)::int AS n, sum(t.amount) AS total, NULL::timestamptz AS last_at
            FROM savings_transactions t
           WHERE ${bound(transactionsFilter(range, q.transactionState))}
           GROUP BY t.user_id, t.currency`,
      }, (q.page - 1) * REPORT_PAGE_SIZE, REPORT_PAGE_SIZE);
      return {
        ...paging(q.page, ranked.groups, false, range),
        DocumentCount: ranked.groups,
        records: ranked.rows.map((r) => ({ _id: r.user_id!, username: r.username, email: r.email, currency: r.currency, transactionCount: r.n, totalTransactionAmount: r.row_total })),
      };
    },

    /** Fee records in the range, newest first, with the fees collected (USD and per currency). */
    async feesCollected(q: FeeReportFilter): Promise<FeeReportPage> {
      const range = resolveRange(q);
      const where = bound(feesFilter(range));
      // One statement: the page, and the count and totals from the day buckets (report-buckets.ts)
      // with whether those were current; when not, they are made current and it runs again.
      type FeeRow = {
        fresh: boolean; totals: { currency: string | null; fee: string; usd: string; n: number }[] | null;
        id: string | null; transaction_amount: string; final_amount: string; fee: string; fee_usd: string; discount: string; currency: string;
        description: string | null; created_at: string; user_id: string; username: string; email: string;
      };
      const found = await freshRead(() => rows<FeeRow>(db, sql`
        WITH totals AS (
          SELECT d.currency, trim_scale(sum(d.fee))::text AS fee, trim_scale(sum(d.fee_usd))::text AS usd, sum(d.n)::bigint::float8 AS n
            FROM report_day_fees d WHERE d.day BETWEEN ${range.start}::date AND ${range.end}::date
           GROUP BY ROLLUP (d.currency)
        ), head AS (
          SELECT ${bucketsFresh('fees', range.start, range.end)} AS fresh,
                 (SELECT json_agg(t ORDER BY t.currency NULLS LAST) FROM totals t) AS totals
        )
        SELECT head.fresh, head.totals, p.* FROM head LEFT JOIN LATERAL (
          SELECT f.id, ${MONEY('f.transaction_amount')} AS transaction_amount, ${MONEY('f.final_amount')} AS final_amount, ${MONEY('f.fee')} AS fee,
                 ${MONEY('f.fee_usd')} AS fee_usd, ${MONEY('f.discount')} AS discount, f.currency, f.description, ${ISO('f.created_at')} AS created_at,
                 f.user_id, u.username::text AS username, u.email::text AS email, k.created_at AS sort_at
            FROM (SELECT f.id, f.created_at FROM fee_records f WHERE ${where} ORDER BY f.created_at DESC, f.id DESC
                   LIMIT ${REPORT_PAGE_SIZE} OFFSET ${(q.page - 1) * REPORT_PAGE_SIZE}) k
            JOIN fee_records f ON f.id = k.id JOIN users u ON u.id = f.user_id
        ) p ON true
        ORDER BY p.sort_at DESC, p.id DESC`), () => buckets.ensure('fees', range.start, range.end));
      const totals = found[0]!.totals ?? [];
      const page = found.filter((r) => r.id !== null);
      const count = capped(totals.find((t) => t.currency === null)?.n ?? 0);
      const grand = totals.find((t) => t.currency === null);
      return {
        ...paging(q.page, count.totalRecords, count.totalIsCapped, range),
        totalFeesCollected: grand?.usd ?? '0',
        totalsByCurrency: totals.filter((t) => t.currency !== null).map((t) => ({ currency: t.currency!, fee: t.fee })),
        records: page.map((r) => ({
          _id: r.id!, transactionAmount: r.transaction_amount, finalAmount: r.final_amount, fee: r.fee, feeUSD: r.fee_usd, discount: r.discount,
          currency: r.currency, description: r.description, createdAt: r.created_at, user: { _id: r.user_id, username: r.username, email: r.email },
        })),
      };
    },

    /** Gas records of the batches in the range, newest first, with the gas used and its cost in USD. */
    async gasFeesSpent(q: FeeReportFilter): Promise<GasReportPage> {
      const range = resolveRange(q);
      const where = bound(gasFilter(range));
      const found = await freshRead(() => rows<Record<string, string | number | boolean | null> & { fresh: boolean; gas_total: string; usd_total: string; n_total: number }>(db, sql`
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
                   LIMIT ${REPORT_PAGE_SIZE} OFFSET ${(q.page - 1) * REPORT_PAGE_SIZE}) k
            JOIN gas_records g ON g.id = k.id
        ) p ON true
        ORDER BY p.sort_at DESC, p.id DESC`), () => buckets.ensure('gas', range.start, range.end));
      const totals = { gas: found[0]!.gas_total, usd: found[0]!.usd_total, n: found[0]!.n_total };
      const page = found.filter((r) => r.id !== null);
      const count = capped(totals.n);
      return {
        ...paging(q.page, count.totalRecords, count.totalIsCapped, range),
        totalGasUsed: totals.gas,
        totalGasCostUSD: totals.usd,
        records: page.map((r) => ({
          _id: String(r.id), amount: String(r.amount), action: String(r.action), bnbPrice: String(r.bnb_price), finalShares: String(r.final_shares),
          gasCostUSD: String(r.gas_cost_usd), gasPrice: String(r.gas_price), gasUsed: Number(r.gas_used), initShares: String(r.init_shares),
          pricePerFullShare: String(r.price_per_full_share), shareBalance: String(r.share_balance), protocolName: String(r.protocol_name),
          processStatus: String(r.process_status), transactionHash: r.transaction_hash === null ? null : String(r.transaction_hash), createdAt: String(r.created_at),
        })),
      };
    },
  };
}

/** Monday 00:00 UTC of the week `weeksAgo` weeks before this one. */
const weekStart = (weeksAgo: number, now = new Date()) => {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - (sinceMonday + 7 * weeksAgo) * DAY_MS);
};

/** The Mondays (YYYY-MM-DD) of the first and the last of the last `weeks` ISO weeks, this one included. */
export const weekRange = (weeks: number, now = new Date()) => ({
  from: weekStart(weeks - 1, now).toISOString().slice(0, 10),
  to: weekStart(0, now).toISOString().slice(0, 10),
});

export function createFinanceReportsService(db: Db) {
  const buckets = createReportBuckets(db);
  const ranges = createRangeResults(db);
  return {
    /** Fees collected against gas spent in the range, per currency and per month (from the day buckets). */
    async financials(q: Range) {
      const range = resolveRange(q);
      // One statement: every figure from the day buckets, with whether they were current.
      type FinancialsRow = {
        fresh: boolean; fee_usd: string; gas_usd: string; net: string; n: number;
        by_currency: { currency: string; fee: string; fee_usd: string; n: number }[]; by_month: { month: string; fee_usd: string; gas_usd: string }[];
      };
      const [row] = await freshRead(() => rows<FinancialsRow>(db, sql`
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
          FROM t`), () => Promise.all([buckets.ensure('fees', range.start, range.end), buckets.ensure('gas', range.start, range.end)]));
      const totals = row!;
      const byCurrency = row!.by_currency;
      const byMonth = row!.by_month;
      return {
        start: range.start, end: range.end, totalFeesUSD: totals!.fee_usd, totalGasCostUSD: totals!.gas_usd, netUSD: totals!.net, feeCount: totals!.n,
        byCurrency: byCurrency.map((r) => ({ currency: r.currency, fee: r.fee, feeUSD: r.fee_usd, count: r.n })),
        byMonth: byMonth.map((r) => ({ month: r.month, feeUSD: r.fee_usd, gasCostUSD: r.gas_usd })),
      };
    },

    /**
     * The last `weeks` ISO weeks (this one included), every week present, oldest first, from the
     * week buckets. The total of users is the sum of every week's sign-ups since the first user's.
     */
    async growth(weeks: number, now = new Date()) {
      const { from, to } = weekRange(weeks, now);
      const [first] = await rows<{ day: string | null }>(db, sql`SELECT to_char(min(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM users`);
      const firstWeek = first!.day ? mondayOf(first!.day) : from;
      const signupsFrom = firstWeek < from ? firstWeek : from;
      await Promise.all([buckets.ensure('signups', signupsFrom, to), buckets.ensure('activity', from, to)]);
      const [found, [total]] = await Promise.all([
        rows<{ week: string; sign_ups: number; verified: number; savings: number; savings_usd: string; wallet: number; active: number }>(db, sql`
          SELECT to_char(u.week, 'YYYY-MM-DD') AS week, u.sign_ups, u.verified, a.wallet, a.active,
                 coalesce((SELECT sum(s.n) FROM report_week_savings s WHERE s.week = u.week), 0)::int AS savings,
                 coalesce(trim_scale(round((SELECT sum(s.amount * coalesce(p.usd_price, 0)) FROM report_week_savings s
                                             LEFT JOIN token_prices p ON p.currency = s.currency WHERE s.week = u.week), 2)), 0)::text AS savings_usd
            FROM report_week_signups u JOIN report_week_activity a USING (week)
           WHERE u.week BETWEEN ${from}::date AND ${to}::date
           ORDER BY u.week`),
        rows<{ n: number }>(db, sql`SELECT coalesce(sum(sign_ups), 0)::int AS n FROM report_week_signups WHERE week BETWEEN ${signupsFrom}::date AND ${to}::date`),
      ]);
      return {
        totalUsers: total!.n,
        weeks: found.map((r) => ({
          weekStart: r.week, signUps: r.sign_ups, verifiedUsers: r.verified, savingsCount: r.savings, savingsVolumeUSD: r.savings_usd, walletTxCount: r.wallet, activeUsers: r.active,
        })),
      };
    },

    /** Uses and distinct customers per feature per week, the last `weeks` weeks, oldest first (week buckets). */
    async featureUsage(weeks: number, now = new Date()) {
      const { from, to } = weekRange(weeks, now);
      await buckets.ensure('features', from, to);
      const found = await rows<{ week: string; feature: string; uses: number; users: number }>(db, sql`
        SELECT to_char(week, 'YYYY-MM-DD') AS week, feature, uses, users FROM report_week_features
         WHERE week BETWEEN ${from}::date AND ${to}::date ORDER BY week, feature`);
      const byWeek = new Map(bucketsBetween(from, to, 'week').map((w) => [w, { weekStart: w, uses: {} as Record<string, number>, users: {} as Record<string, number> }]));
      for (const r of found) {
        const week = byWeek.get(r.week)!;
        week.uses[r.feature] = r.uses;
        week.users[r.feature] = r.users;
      }
      return { weeks: [...byWeek.values()] };
    },

    /**
     * Referral rewards paid per referrer for referrals made in the range, largest total first:
     * the range's referrers ranked once and kept while no write touches its days (report-ranges.ts).
     */
    async payouts(q: Range & { page: number }) {
      const range = resolveRange(q);
      const ranked = await ranges.page({
        report: 'referral-payouts', params: `${range.start}|${range.end}`, firstDay: range.start, lastDay: range.end,
        groups: sql`
          SELECT r.referrer_id AS user_id, 'VLT' AS currency, count(*)::int AS n, sum(r.reward_amount) AS total, max(r.created_at) AS last_at
            FROM referrals r
           WHERE ${bound(paidReferralsFilter(range))}
           GROUP BY r.referrer_id`,
      }, (q.page - 1) * REPORT_PAGE_SIZE, REPORT_PAGE_SIZE);
      return {
        ...paging(q.page, ranked.groups, false, range),
        totalPaid: ranked.total,
        currency: 'VLT',
        records: ranked.rows.map((r) => ({ _id: r.user_id!, username: r.username, email: r.email, paidReferrals: r.n, totalPaid: r.row_total, lastPaidAt: r.last_at! })),
      };
    },
  };
}
