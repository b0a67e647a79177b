/**
 * The reports' exports: every row the report's filter finds (every page, no cap), from the same
 * filter as its list call (report-filters.ts), registered with the worker's export job by kind.
 */
import { FEATURES, TRANSACTION_STATE_LABELS } from '@vaultdesk/contract';
import type { ExportParams, ExportQueries, Literal } from '@vaultdesk/worker';
import { paramDay, paramRange, paramStateCode } from '../../queries/export-params';
import { inlined } from '../../queries/sql-filter';
import { activeCustomerRows, featureUses, weekOf } from './report-activity';
import { feesFilter, gasFilter, paidReferralsFilter, transactionsFilter } from './report-filters';

const DAY_MS = 86_400_000;

/** The weeks from the Monday `from` to the Monday `to`, and `[from 00:00, to + 7 days)` as timestamptz literals. */
const weekSpan = (p: ExportParams, lit: Literal) => {
  const from = paramDay(p, 'from');
  const to = paramDay(p, 'to');
  if (new Date(`${from}T00:00:00Z`).getUTCDay() !== 1 || new Date(`${to}T00:00:00Z`).getUTCDay() !== 1 || from > to) {
    throw new Error('export parameters from and to are not Mondays in order');
  }
  const hi = new Date(Date.parse(`${to}T00:00:00Z`) + 7 * DAY_MS).toISOString();
  return {
    weeks: `SELECT d::date AS week FROM generate_series(${lit(from)}::date, ${lit(to)}::date, interval '7 days') d`,
    lo: `${lit(`${from}T00:00:00Z`)}::timestamptz`,
    hi: `${lit(hi)}::timestamptz`,
  };
};
/** The feature report's columns: the keys of FEATURES, in its order. */
const FEATURE_KEYS = FEATURES.map((f) => f.key);
const stateLabel = (expr: string) =>
  `(ARRAY[${TRANSACTION_STATE_LABELS.map((l) => `'${l}'`).join(', ')}])[${expr} + 1]`;
const transactions = (p: ExportParams, lit: Literal) =>
  inlined(transactionsFilter(paramRange(p), paramStateCode(p)), lit);

export const REPORTS_EXPORTS = {
  'savings-transactions': (p, lit) =>
    `SELECT t.id, u.username::text AS username, u.email::text AS email, t.amount, t.currency AS currency, t.network,
            t.txn_hash AS "txnHash", t.transaction_state AS "transactionState", ${stateLabel('t.transaction_state')} AS "stateName",
            t.description AS description, t.is_active AS "isActive", t.created_at AS "createdAt"
       FROM savings_transactions t JOIN users u ON u.id = t.user_id
      WHERE ${transactions(p, lit)}
      ORDER BY t.created_at DESC, t.id DESC`,
  'wallet-transactions': (p, lit) =>
    `SELECT t.id, u.username::text AS username, u.email::text AS email, t.amount, t.fee, t.final_amount AS "finalAmount",
            t.currency AS currency, w.network, t.txn_hash AS "txnHash", t.transaction_state AS "transactionState",
            ${stateLabel('t.transaction_state')} AS "stateName", t.type_of_transaction AS "typeOfTransaction",
            t.description AS description, t.from_address AS "fromAddress", t.to_address AS "toAddress",
            t.is_active AS "isActive", t.created_at AS "createdAt"
       FROM wallet_transactions t JOIN users u ON u.id = t.user_id JOIN wallets w ON w.id = t.wallet_id
      WHERE ${transactions(p, lit)}
      ORDER BY t.created_at DESC, t.id DESC`,
  'savings-per-user': (p, lit) =>
    `SELECT u.id AS "userId", u.username::text AS username, u.email::text AS email, g.currency AS currency,
            g.transaction_count AS "transactionCount", g.total AS "totalTransactionAmount"
       FROM (SELECT t.user_id, t.currency, count(*) AS transaction_count, sum(t.amount) AS total
               FROM savings_transactions t
              WHERE ${transactions(p, lit)}
              GROUP BY t.user_id, t.currency) g
       JOIN users u ON u.id = g.user_id
      ORDER BY g.total DESC, g.user_id, g.currency`,
  'fees-collected': (p, lit) =>
    `SELECT f.id, u.username::text AS username, u.email::text AS email, f.transaction_amount AS "transactionAmount",
            f.final_amount AS "finalAmount", f.fee, f.fee_usd AS "feeUSD", f.discount, f.currency AS currency, f.description AS description,
            f.created_at AS "createdAt"
       FROM fee_records f JOIN users u ON u.id = f.user_id
      WHERE ${inlined(feesFilter(paramRange(p)), lit)}
      ORDER BY f.created_at DESC, f.id DESC`,
  'gas-fees-spent': (p, lit) =>
    `SELECT g.id, g.action AS action, g.amount, g.bnb_price AS "bnbPrice", g.gas_used AS "gasUsed", g.gas_price AS "gasPrice",
            g.gas_cost_usd AS "gasCostUSD", g.init_shares AS "initShares", g.final_shares AS "finalShares",
            g.price_per_full_share AS "pricePerFullShare", g.share_balance AS "shareBalance", g.protocol_name AS "protocolName",
            g.process_status AS "processStatus", g.transaction_hash AS "transactionHash", g.created_at AS "createdAt"
       FROM gas_records g
      WHERE ${inlined(gasFilter(paramRange(p)), lit)}
      ORDER BY g.created_at DESC, g.id DESC`,
  'referral-payouts': (p, lit) =>
    `SELECT u.id AS "userId", u.username::text AS username, u.email::text AS email, g.n AS "paidReferrals",
            g.total AS "totalPaid", 'VLT' AS currency, g.last AS "lastPaidAt"
       FROM (SELECT r.referrer_id, count(*) AS n, sum(r.reward_amount) AS total, max(r.created_at) AS last
               FROM referrals r WHERE ${inlined(paidReferralsFilter(paramRange(p)), lit)} GROUP BY r.referrer_id) g
       JOIN users u ON u.id = g.referrer_id
      ORDER BY g.total DESC, g.referrer_id`,
  // Financials: one row per month of the range holding fees or gas (the page's "By month").
  financials: (p, lit) =>
    `WITH f AS (SELECT to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS n, sum(f.fee_usd) AS usd
                  FROM fee_records f WHERE ${inlined(feesFilter(paramRange(p)), lit)} GROUP BY 1),
          g AS (SELECT to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS n, sum(g.gas_cost_usd) AS usd
                  FROM gas_records g WHERE ${inlined(gasFilter(paramRange(p)), lit)} GROUP BY 1)
     SELECT month, coalesce(f.n, 0) AS "feeCount", coalesce(f.usd, 0) AS "feeUSD", coalesce(g.n, 0) AS "gasCount",
            coalesce(g.usd, 0) AS "gasCostUSD", coalesce(f.usd, 0) - coalesce(g.usd, 0) AS "netUSD"
       FROM f FULL JOIN g USING (month)
      ORDER BY month`,
  // Weekly growth: every ISO week from the Monday `from` to the Monday `to` (kept with the
  // export as they were when it was asked), oldest first, the page's columns, from the raw rows.
  'growth-report': (p, lit) => {
    const { weeks, lo, hi } = weekSpan(p, lit);
    const inRange = (col: string) => `${col} >= ${lo} AND ${col} < ${hi}`;
    return `WITH w AS (${weeks}),
            u AS (SELECT ${weekOf('created_at')} AS week, count(*) AS n, count(*) FILTER (WHERE kyc_level_two_status = 'approved') AS verified
                    FROM users WHERE ${inRange('created_at')} GROUP BY 1),
            sc AS (SELECT ${weekOf('created_at')} AS week, currency, count(*) AS n, sum(amount) AS amount
                     FROM savings_transactions WHERE ${inRange('created_at')} GROUP BY 1, 2),
            s AS (SELECT sc.week, sum(sc.n) AS n, round(sum(sc.amount * coalesce(tp.usd_price, 0)), 2) AS usd
                    FROM sc LEFT JOIN token_prices tp ON tp.currency = sc.currency GROUP BY 1),
            wt AS (SELECT ${weekOf('created_at')} AS week, count(*) AS n FROM wallet_transactions WHERE ${inRange('created_at')} GROUP BY 1),
            a AS (SELECT week, count(DISTINCT user_id) AS n FROM (${activeCustomerRows(lo, hi)}) x GROUP BY 1)
       SELECT to_char(w.week, 'YYYY-MM-DD') AS "weekStart", coalesce(u.n, 0) AS "signUps", coalesce(u.verified, 0) AS "verifiedUsers",
              coalesce(s.n, 0) AS "savingsCount", coalesce(s.usd, 0) AS "savingsVolumeUSD", coalesce(wt.n, 0) AS "walletTxCount",
              coalesce(a.n, 0) AS "activeUsers"
         FROM w LEFT JOIN u USING (week) LEFT JOIN s USING (week) LEFT JOIN wt USING (week) LEFT JOIN a USING (week)
        ORDER BY w.week`;
  },
  // Feature usage: every ISO week of the range, oldest first, uses and distinct customers per
  // feature (the transaction states grouped as FEATURES in packages/contract groups them).
  'feature-report': (p, lit) => {
    const { weeks, lo, hi } = weekSpan(p, lit);
    const cells = FEATURE_KEYS.map(
      (k) =>
        `count(x.user_id) FILTER (WHERE x.feature = '${k}') AS "${k}Uses", count(DISTINCT x.user_id) FILTER (WHERE x.feature = '${k}') AS "${k}Users"`,
    ).join(',\n              ');
    return `WITH w AS (${weeks}),
            x AS (${featureUses(lo, hi)})
       SELECT to_char(w.week, 'YYYY-MM-DD') AS "weekStart",
              ${cells}
         FROM w LEFT JOIN x USING (week)
        GROUP BY w.week
        ORDER BY w.week`;
  },
} satisfies ExportQueries;
