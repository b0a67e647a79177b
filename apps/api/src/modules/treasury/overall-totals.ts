import { CURRENCIES, type Currency, type OverallPlans, type OverallWalletBalances } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { snapshots, usd } from './treasury-snapshots';

/** The dashboard's whole-book totals: the plans and the wallet balances, each with its USD value. */

export async function overallPlans(db: Db): Promise<OverallPlans> {
  // One pass over the plans: the USD value needs every active plan's row anyway.
  const { rows } = await db.$client.query<{
    plan_type: 'fixed' | 'flexible';
    all_n: number;
    active_n: number;
    usd: string;
  }>(
    `SELECT p.plan_type,
            count(*)::int AS all_n,
            count(*) FILTER (WHERE p.plan_state = 'active')::int AS active_n,
            ${usd("sum(p.deposit_amount * t.usd_price) FILTER (WHERE p.plan_state = 'active')")} AS usd
       FROM savings_plans p LEFT JOIN token_prices t ON t.currency = p.currency
      WHERE p.plan_type IN ('fixed', 'flexible')
      GROUP BY p.plan_type`,
  );
  const of = (type: 'fixed' | 'flexible') =>
    rows.find((r) => r.plan_type === type) ?? { all_n: 0, active_n: 0, usd: '0.000000000000000000' };
  const fixed = of('fixed');
  const flexible = of('flexible');
  return {
    total_active_fixed_plan: fixed.active_n,
    total_active_fixed_plan_to_usd: fixed.usd,
    total_all_fixed_plan: fixed.all_n,
    total_active_flexible_plan: flexible.active_n,
    total_active_flexible_plan_to_usd: flexible.usd,
    total_all_flexible_plan: flexible.all_n,
  };
}

export async function overallWalletBalances(db: Db): Promise<OverallWalletBalances> {
  const { rows } = await db.$client.query<{ currency: Currency; total: string; usd: string }>(
    `SELECT c.currency, coalesce(b.total, 0)::text AS total, ${usd('b.total * t.usd_price')} AS usd
       FROM unnest($1::text[]) WITH ORDINALITY AS c(currency, n)
       LEFT JOIN LATERAL (SELECT sum(balance) AS total FROM wallet_balances WHERE currency = c.currency) b ON true
       LEFT JOIN token_prices t ON t.currency = c.currency
      ORDER BY c.n`,
    [CURRENCIES],
  );
  const unsettledRows = await snapshots(db, ['bulkSender', 'withdrawalOut']);
  const {
    rows: [u],
  } = await db.$client.query<{ bulk_vlt: string; bulk_busd: string; out_vlt: string; out_busd: string; usd: string }>(
    `WITH s AS (SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[]) AS x(purpose, currency, balance))
     SELECT
       coalesce(sum(s.balance) FILTER (WHERE s.purpose = 'bulkSender' AND s.currency = 'VLT'), 0)::text AS bulk_vlt,
       coalesce(sum(s.balance) FILTER (WHERE s.purpose = 'bulkSender' AND s.currency = 'BUSD'), 0)::text AS bulk_busd,
       coalesce(sum(s.balance) FILTER (WHERE s.purpose = 'withdrawalOut' AND s.currency = 'VLT'), 0)::text AS out_vlt,
       coalesce(sum(s.balance) FILTER (WHERE s.purpose = 'withdrawalOut' AND s.currency = 'BUSD'), 0)::text AS out_busd,
       ${usd('sum(s.balance * t.usd_price)')} AS usd
       FROM s LEFT JOIN token_prices t ON t.currency = s.currency
      WHERE s.currency IN ('VLT', 'BUSD')`,
    [
      unsettledRows.map((r) => r.purpose),
      unsettledRows.map((r) => r.currency),
      unsettledRows.map((r) => r.balance ?? '0'),
    ],
  );
  const {
    rows: [total],
  } = await db.$client.query<{ sum: string }>(`SELECT round(sum(x), 18)::text AS sum FROM unnest($1::numeric[]) AS x`, [
    [...rows.map((r) => r.usd), u!.usd],
  ]);
  return {
    walletBalances: rows.map((r) => ({ currency: r.currency, totalBalance: r.total })),
    unsettledBalance: {
      bulkSender: { vlt: u!.bulk_vlt, busd: u!.bulk_busd },
      withdrawalOut: { vlt: u!.out_vlt, busd: u!.out_busd },
    },
    totalUsdValue: total!.sum,
  };
}
