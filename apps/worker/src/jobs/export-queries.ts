/**
 * The SELECT behind each exportable report, with the same filters as the report's list call,
 * so an export holds exactly the rows the staff member filtered (every page, no cap). Values are
 * inlined as escaped literals because COPY takes no bind parameters; every value was validated by
 * the report's contract schema before it was stored with the export. Columns keep their database
 * types (numeric, boolean, timestamptz, text): the CSV writer turns every cell into what a
 * person reads by one rule for all reports (csv-cells.ts), formula guard included.
 */
import { BALANCE_SEARCH_CURRENCY_CODES, FEATURES, MATURING_WINDOW_DAYS, TRANSACTION_STATE_LABELS, type BalanceSearchCurrency, type ExportReport } from '@vaultdesk/contract';

export type Literal = (value: string) => string;
export type ExportParams = Record<string, unknown>;

const DAY_MS = 86_400_000;

const day = (v: unknown, name: string) => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new Error(`export parameter ${name} is not a date`);
  return v;
};
const code = (v: unknown) => {
  if (v === undefined || v === null) return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 9) throw new Error('export parameter transactionState is not a code 0-9');
  return n;
};
/** [start 00:00 UTC, the day after end 00:00 UTC) as timestamptz literals. */
const range = (p: ExportParams, lit: Literal, column: string) => {
  const lo = `${day(p.start, 'start')}T00:00:00Z`;
  const hi = new Date(Date.parse(`${day(p.end, 'end')}T00:00:00Z`) + DAY_MS).toISOString();
  return `${column} >= ${lit(lo)}::timestamptz AND ${column} < ${lit(hi)}::timestamptz`;
};
const weekOf = (col: string) => `date_trunc('week', ${col} AT TIME ZONE 'UTC')::date`;
/**
 * Every use of a feature between two timestamptz literals (`[lo, hi)`), one row each with its ISO
 * week and customer: wallet and savings transactions with their states grouped into features (as
 * FEATURES in packages/contract lists them), and the referrals made. Feature usage's week buckets
 * (apps/api report-buckets.ts) and its export read these same rows.
 */
export const featureUses = (lo: string, hi: string) => {
  const inRange = (col: string) => `${col} >= ${lo} AND ${col} < ${hi}`;
  // Each transaction table's states, as FEATURES groups them, become its feature.
  const byState = (table: 'wallet' | 'savings') => {
    const features = FEATURES.filter((f) => f.table === table);
    return {
      feature: `CASE transaction_state ${features.flatMap((f) => f.states.map((st) => `WHEN ${st} THEN '${f.key}'`)).join(' ')} END`,
      states: features.flatMap((f) => f.states).join(', '),
    };
  };
  const wallet = byState('wallet');
  const savings = byState('savings');
  return `SELECT ${weekOf('created_at')} AS week, user_id, ${wallet.feature} AS feature
            FROM wallet_transactions WHERE ${inRange('created_at')} AND transaction_state IN (${wallet.states})
          UNION ALL
          SELECT ${weekOf('created_at')}, user_id, ${savings.feature}
            FROM savings_transactions WHERE ${inRange('created_at')} AND transaction_state IN (${savings.states})
          UNION ALL
          SELECT ${weekOf('created_at')}, referrer_id, 'referrals' FROM referrals WHERE ${inRange('created_at')}`;
};

/**
 * One row per wallet or savings transaction between two timestamptz literals, with its ISO week
 * and customer: Weekly growth's active customers (distinct per week), for its week buckets
 * (apps/api report-buckets.ts) and its export alike.
 */
export const activeCustomerRows = (lo: string, hi: string) => {
  const inRange = (col: string) => `${col} >= ${lo} AND ${col} < ${hi}`;
  return `SELECT ${weekOf('created_at')} AS week, user_id FROM wallet_transactions WHERE ${inRange('created_at')}
          UNION ALL
          SELECT ${weekOf('created_at')}, user_id FROM savings_transactions WHERE ${inRange('created_at')}`;
};

/** The weeks from the Monday `from` to the Monday `to`, and `[from 00:00, to + 7 days)` as timestamptz literals. */
const weekSpan = (p: ExportParams, lit: Literal) => {
  const from = day(p.from, 'from');
  const to = day(p.to, 'to');
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
const stateLabel = (expr: string) => `(ARRAY[${TRANSACTION_STATE_LABELS.map((l) => `'${l}'`).join(', ')}])[${expr} + 1]`;

/** One of the Funding Request search's three keys, as the search normalises it. */
const fundingCondition = (p: ExportParams, lit: Literal) => {
  const given = (['email', 'transactionHash', 'receivingAddress'] as const).filter((k) => typeof p[k] === 'string' && p[k] !== '');
  if (given.length !== 1) throw new Error('export parameters give not exactly one of email, transactionHash, receivingAddress');
  const key = given[0]!;
  const value = String(p[key]);
  if (key === 'email') return `f.user_id = (SELECT id FROM users WHERE email = ${lit(value)})`;
  if (key === 'transactionHash') return `lower(f.transaction_hash) = ${lit(value.toLowerCase().replace(/^(?!0x)/, '0x'))}`;
  return `lower(f.receiving_address) = ${lit(value.toLowerCase())}`;
};

/** Every report of EXPORT_REPORTS (packages/contract) has its SELECT here. */
export const EXPORT_SELECTS: Record<ExportReport, (p: ExportParams, lit: Literal) => string> = {
  'savings-transactions': (p, lit) => {
    const state = code(p.transactionState);
    return `SELECT t.id, u.username::text AS username, u.email::text AS email, t.amount, t.currency AS currency, t.network,
                   t.txn_hash AS "txnHash", t.transaction_state AS "transactionState", ${stateLabel('t.transaction_state')} AS "stateName",
                   t.description AS description, t.is_active AS "isActive", t.created_at AS "createdAt"
              FROM savings_transactions t JOIN users u ON u.id = t.user_id
             WHERE ${range(p, lit, 't.created_at')}${state === null ? '' : ` AND t.transaction_state = ${state}`}
             ORDER BY t.created_at DESC, t.id DESC`;
  },
  'wallet-transactions': (p, lit) => {
    const state = code(p.transactionState);
    return `SELECT t.id, u.username::text AS username, u.email::text AS email, t.amount, t.fee, t.final_amount AS "finalAmount",
                   t.currency AS currency, w.network, t.txn_hash AS "txnHash", t.transaction_state AS "transactionState",
                   ${stateLabel('t.transaction_state')} AS "stateName", t.type_of_transaction AS "typeOfTransaction",
                   t.description AS description, t.from_address AS "fromAddress", t.to_address AS "toAddress",
                   t.is_active AS "isActive", t.created_at AS "createdAt"
              FROM wallet_transactions t JOIN users u ON u.id = t.user_id JOIN wallets w ON w.id = t.wallet_id
             WHERE ${range(p, lit, 't.created_at')}${state === null ? '' : ` AND t.transaction_state = ${state}`}
             ORDER BY t.created_at DESC, t.id DESC`;
  },
  'savings-per-user': (p, lit) => {
    const state = code(p.transactionState);
    return `SELECT u.id AS "userId", u.username::text AS username, u.email::text AS email, g.currency AS currency,
                   g.transaction_count AS "transactionCount", g.total AS "totalTransactionAmount"
              FROM (SELECT t.user_id, t.currency, count(*) AS transaction_count, sum(t.amount) AS total
                      FROM savings_transactions t
                     WHERE ${range(p, lit, 't.created_at')}${state === null ? '' : ` AND t.transaction_state = ${state}`}
                     GROUP BY t.user_id, t.currency) g
              JOIN users u ON u.id = g.user_id
             ORDER BY g.total DESC, g.user_id, g.currency`;
  },
  'fees-collected': (p, lit) =>
    `SELECT f.id, u.username::text AS username, u.email::text AS email, f.transaction_amount AS "transactionAmount",
            f.final_amount AS "finalAmount", f.fee, f.fee_usd AS "feeUSD", f.discount, f.currency AS currency, f.description AS description,
            f.created_at AS "createdAt"
       FROM fee_records f JOIN users u ON u.id = f.user_id
      WHERE ${range(p, lit, 'f.created_at')}
      ORDER BY f.created_at DESC, f.id DESC`,
  'gas-fees-spent': (p, lit) =>
    `SELECT g.id, g.action AS action, g.amount, g.bnb_price AS "bnbPrice", g.gas_used AS "gasUsed", g.gas_price AS "gasPrice",
            g.gas_cost_usd AS "gasCostUSD", g.init_shares AS "initShares", g.final_shares AS "finalShares",
            g.price_per_full_share AS "pricePerFullShare", g.share_balance AS "shareBalance", g.protocol_name AS "protocolName",
            g.process_status AS "processStatus", g.transaction_hash AS "transactionHash", g.created_at AS "createdAt"
       FROM gas_records g
      WHERE ${range(p, lit, 'g.created_at')}
      ORDER BY g.created_at DESC, g.id DESC`,
  'users-by-date': (p, lit) =>
    `SELECT u.id, u.full_name AS "fullName", u.username::text AS username, u.email::text AS email,
            u.phone_no AS "phoneNo", (SELECT count(*) FROM referrals r WHERE r.referrer_id = u.id) AS "referralCount",
            u.created_at AS "createdAt"
       FROM users u
      WHERE ${range(p, lit, 'u.created_at')}
      ORDER BY u.created_at DESC, u.id DESC`,
  'users-by-country': (p, lit) => {
    const type = p.countryType;
    if (type !== 'zone' && type !== 'ip' && type !== 'residence') throw new Error('export parameter countryType is not known');
    const raw = String(p.countryCode ?? '');
    if (!/^([A-Za-z]{2}|none)$/.test(raw)) throw new Error('export parameter countryCode is not a country code');
    const where = raw.toLowerCase() === 'none' ? `u.${type}_country IS NULL` : `u.${type}_country = ${lit(raw.toUpperCase())}`;
    return `SELECT u.id, u.full_name AS "fullName", u.username::text AS username, u.email::text AS email,
                   u.phone_no AS "phoneNo", (SELECT count(*) FROM referrals r WHERE r.referrer_id = u.id) AS "referralCount",
                   u.created_at AS "createdAt"
              FROM users u WHERE ${where}
             ORDER BY u.created_at DESC, u.id DESC`;
  },
  'referral-report': (p, lit) => {
    const all = p.userType === undefined || p.userType === '' || String(p.userType).toLowerCase() === 'all';
    const members = all
      ? 'SELECT DISTINCT user_id FROM user_usertypes'
      : `SELECT uu.user_id FROM user_usertypes uu JOIN user_types ty ON ty.id = uu.user_type_id WHERE ty.name = ${lit(String(p.userType))}`;
    const inRange = range(p, lit, 'r.created_at');
    return `WITH m AS (${members}),
            agg AS (SELECT r.referrer_id, count(*) AS total_referred, count(DISTINCT r.device_serial_number) AS unique_device,
                           count(*) FILTER (WHERE ru.kyc_level_two_status IS DISTINCT FROM 'approved') AS unverified
                      FROM m JOIN referrals r ON r.referrer_id = m.user_id JOIN users ru ON ru.id = r.referred_user_id
                     WHERE ${inRange}
                     GROUP BY r.referrer_id)
            SELECT u.id, u.username::text AS username, u.email::text AS email, agg.total_referred AS "totalReferred",
                   agg.unique_device AS "uniqueDevice", agg.unverified, greatest(0, agg.total_referred - agg.unique_device) AS fake
              FROM agg JOIN users u ON u.id = agg.referrer_id
             ORDER BY agg.total_referred DESC, agg.referrer_id`;
  },
  'referral-payouts': (p, lit) =>
    `SELECT u.id AS "userId", u.username::text AS username, u.email::text AS email, g.n AS "paidReferrals",
            g.total AS "totalPaid", 'VLT' AS currency, g.last AS "lastPaidAt"
       FROM (SELECT r.referrer_id, count(*) AS n, sum(r.reward_amount) AS total, max(r.created_at) AS last
               FROM referrals r WHERE r.referral_state = 'paid' AND ${range(p, lit, 'r.created_at')} GROUP BY r.referrer_id) g
       JOIN users u ON u.id = g.referrer_id
      ORDER BY g.total DESC, g.referrer_id`,
  // Financials: one row per month of the range holding fees or gas (the page's "By month").
  financials: (p, lit) =>
    `WITH f AS (SELECT to_char(f.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS n, sum(f.fee_usd) AS usd
                  FROM fee_records f WHERE ${range(p, lit, 'f.created_at')} GROUP BY 1),
          g AS (SELECT to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*) AS n, sum(g.gas_cost_usd) AS usd
                  FROM gas_records g WHERE ${range(p, lit, 'g.created_at')} GROUP BY 1)
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
    const cells = FEATURE_KEYS.map((k) =>
      `count(x.user_id) FILTER (WHERE x.feature = '${k}') AS "${k}Uses", count(DISTINCT x.user_id) FILTER (WHERE x.feature = '${k}') AS "${k}Users"`).join(',\n              ');
    return `WITH w AS (${weeks}),
            x AS (${featureUses(lo, hi)})
       SELECT to_char(w.week, 'YYYY-MM-DD') AS "weekStart",
              ${cells}
         FROM w LEFT JOIN x USING (week)
        GROUP BY w.week
        ORDER BY w.week`;
  },
  // The three searches of the Advanced area (Wallet Balance Search, Search Funding Request, Plans
  // About to Mature), with the filters of their list calls (apps/api users.service.ts
  // byWalletBalance, compliance.service.ts fundingRequests and maturingPlans), in the lists' order.
  // Wallets holding at least `balance` of the currency, largest balance first.
  'wallet-balance-search': (p, lit) => {
    const currency = BALANCE_SEARCH_CURRENCY_CODES[p.currency as BalanceSearchCurrency];
    if (!Object.hasOwn(BALANCE_SEARCH_CURRENCY_CODES, String(p.currency)) || !currency) throw new Error('export parameter currency is not known');
    const balance = String(p.balance ?? '');
    if (!/^\d{1,20}(\.\d{1,18})?$/.test(balance)) throw new Error('export parameter balance is not an amount');
    return `SELECT w.id AS "walletId", w.name AS "walletName", w.address, u.id AS "userId", u.username, u.email, u.phone_no AS "phoneNo",
                   b.currency, b.balance
              FROM wallet_balances b JOIN wallets w ON w.id = b.wallet_id JOIN users u ON u.id = w.user_id
             WHERE b.currency = ${lit(currency)} AND b.balance >= ${lit(balance)}::numeric AND b.balance < 'Infinity'::numeric
             ORDER BY b.balance DESC, b.wallet_id DESC`;
  },
  // Every funding request the search finds (the screen shows the newest 50), newest first.
  'funding-requests': (p, lit) =>
    `SELECT f.id, u.email AS "userEmail", f.amount_received AS "amountReceived", f.currency, f.receiving_address AS "receivingAddress",
            f.transaction_hash AS "transactionHash", f.created_at AS "createdAt", f.updated_at AS "updatedAt"
       FROM funding_requests f JOIN users u ON u.id = f.user_id
      WHERE ${fundingCondition(p, lit)}
      ORDER BY f.created_at DESC, f.id`,
  // Fixed plans not withdrawn whose lock ends within the window of the moment the export was
  // asked (kept with it as asOf), soonest first, with the reward in USD as the page shows it.
  'plans-about-to-mature': (p, lit) => {
    const asOf = String(p.asOf ?? '');
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(asOf)) throw new Error('export parameter asOf is not a time');
    return `SELECT p.id AS "planId", p.plan_name AS "planName", u.id AS "userId", u.email, p.deposit_amount AS "depositAmount",
                   p.share_balance AS "shareBalance", p.lock_period AS "lockPeriod",
                   round(coalesce(r.vlt, 0) * coalesce((SELECT usd_price FROM token_prices WHERE currency = 'VLT'), 0), 2) AS "rewardInUSD",
                   p.created_at AS "createdAt"
              FROM savings_plans p JOIN users u ON u.id = p.user_id
              LEFT JOIN LATERAL (SELECT sum(amount) AS vlt FROM reward_records rr WHERE rr.plan_id = p.id AND rr.currency = 'VLT') r ON true
             WHERE p.plan_type = 'fixed' AND p.plan_state <> 'withdrawn'
               AND p.lock_period <= ${lit(asOf)}::timestamptz + make_interval(days => ${MATURING_WINDOW_DAYS})
             ORDER BY p.lock_period, p.id`;
  },
};

export function exportSelect(report: string, params: ExportParams, lit: Literal) {
  const build = Object.hasOwn(EXPORT_SELECTS, report) ? EXPORT_SELECTS[report as ExportReport] : undefined;
  if (!build) throw new Error(`no export for report ${report}`);
  return build(params, lit);
}
