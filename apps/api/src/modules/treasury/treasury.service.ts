import {
  CURRENCIES, CUSTODIAL_PURPOSES, SHARE_PRICE_LIMIT, TREND_DAYS,
  type CustodialAddresses, type CustodialPurpose, type CustodialWallet, type Currency, type DashboardTrends,
  type OverallPlans, type OverallWalletBalances, type SharePrices,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { FastifyBaseLogger } from 'fastify';
import { reuseFor } from '../../caching/reuse';
import type { ChainBalances, ChainReader } from '../../chain/custodial-chain';

/** A chain reading this fresh is answered again instead of asking the endpoints once more. */
const CHAIN_REUSE_MS = 15_000;

type SnapshotRow = { id: string; address: string; label: string; purpose: CustodialPurpose; currency: Currency; balance: string | null; read_at: Date | null };

// Products of two numeric(38,18) carry 36 decimals; money is answered with 18.
const usd = (expr: string) => `round(coalesce(${expr}, 0), 18)::text`;

export function createTreasuryService(db: Db, readChain: ChainReader | null, cacheMs = 0) {
  let lastChainRead: { at: number; addresses: Set<string>; reading: Promise<{ balances: ChainBalances; readAt: Date }> } | null = null;

  /** The custodial wallets with the newest stored balance per currency (one index probe each). */
  async function snapshots(purposes: readonly CustodialPurpose[] = CUSTODIAL_PURPOSES) {
    const { rows } = await db.$client.query<SnapshotRow>(
      `SELECT w.id, w.address, w.label, w.purpose, c.currency, s.balance::text AS balance, s.read_at
         FROM custodial_wallets w
        CROSS JOIN unnest($1::text[]) AS c(currency)
         LEFT JOIN LATERAL (
               SELECT balance, read_at FROM custodial_balance_snapshots
                WHERE wallet_id = w.id AND currency = c.currency
                ORDER BY read_at DESC LIMIT 1) s ON true
        WHERE w.purpose = ANY($2::text[])
        ORDER BY array_position($3::text[], w.purpose), w.label, w.id, array_position($1::text[], c.currency)`,
      [CURRENCIES, purposes, CUSTODIAL_PURPOSES],
    );
    return rows;
  }

  function fromSnapshots(rows: SnapshotRow[]): CustodialWallet[] {
    const wallets = new Map<string, CustodialWallet & { times: number[] }>();
    for (const r of rows) {
      let w = wallets.get(r.id);
      if (!w) {
        w = { address: r.address, label: r.label, purpose: r.purpose, BNB: null, BUSD: null, VLT: null, xBUSD: null, source: 'snapshot', readAt: null, times: [] };
        wallets.set(r.id, w);
      }
      w[r.currency] = r.balance;
      if (r.read_at) w.times.push(r.read_at.getTime());
    }
    // The oldest reading among the currencies: the panel must not claim a fresher view than it has.
    return [...wallets.values()].map(({ times, ...w }) => ({ ...w, readAt: times.length ? new Date(Math.min(...times)).toISOString() : null }));
  }

  async function readAndStore(wallets: { id: string; address: string }[]) {
    const balances = await readChain!(wallets.map((w) => w.address));
    const ids: string[] = [];
    const currencies: string[] = [];
    const amounts: string[] = [];
    for (const w of wallets) {
      for (const c of CURRENCIES) {
        ids.push(w.id);
        currencies.push(c);
        amounts.push(balances.get(w.address)![c]);
      }
    }
    const { rows } = await db.$client.query<{ read_at: Date }>(
      `INSERT INTO custodial_balance_snapshots (wallet_id, currency, balance, source, read_at)
       SELECT w, c, b::numeric, 'chain', now() FROM unnest($1::uuid[], $2::text[], $3::text[]) AS x(w, c, b)
       RETURNING read_at`,
      [ids, currencies, amounts],
    );
    return { balances, readAt: rows[0]?.read_at ?? new Date() };
  }

  const service = {
    async overallPlans(): Promise<OverallPlans> {
      // One pass over the plans: the USD value needs every active plan's row anyway.
      const { rows } = await db.$client.query<{ plan_type: 'fixed' | 'flexible'; all_n: number; active_n: number; usd: string }>(
        `SELECT p.plan_type,
                count(*)::int AS all_n,
                count(*) FILTER (WHERE p.plan_state = 'active')::int AS active_n,
                ${usd("sum(p.deposit_amount * t.usd_price) FILTER (WHERE p.plan_state = 'active')")} AS usd
           FROM savings_plans p LEFT JOIN token_prices t ON t.currency = p.currency
          WHERE p.plan_type IN ('fixed', 'flexible')
          GROUP BY p.plan_type`,
      );
      const of = (type: 'fixed' | 'flexible') => rows.find((r) => r.plan_type === type) ?? { all_n: 0, active_n: 0, usd: '0.000000000000000000' };
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
    },

    async overallWalletBalances(): Promise<OverallWalletBalances> {
      const { rows } = await db.$client.query<{ currency: Currency; total: string; usd: string }>(
        `SELECT c.currency, coalesce(b.total, 0)::text AS total, ${usd('b.total * t.usd_price')} AS usd
           FROM unnest($1::text[]) WITH ORDINALITY AS c(currency, n)
           LEFT JOIN LATERAL (SELECT sum(balance) AS total FROM wallet_balances WHERE currency = c.currency) b ON true
           LEFT JOIN token_prices t ON t.currency = c.currency
          ORDER BY c.n`,
        [CURRENCIES],
      );
      const unsettledRows = await snapshots(['bulkSender', 'withdrawalOut']);
      const { rows: [u] } = await db.$client.query<{ bulk_vlt: string; bulk_busd: string; out_vlt: string; out_busd: string; usd: string }>(
        `WITH s AS (SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[]) AS x(purpose, currency, balance))
         SELECT
           coalesce(sum(s.balance) FILTER (WHERE s.purpose = 'bulkSender' AND s.currency = 'VLT'), 0)::text AS bulk_vlt,
           coalesce(sum(s.balance) FILTER (WHERE s.purpose = 'bulkSender' AND s.currency = 'BUSD'), 0)::text AS bulk_busd,
           coalesce(sum(s.balance) FILTER (WHERE s.purpose = 'withdrawalOut' AND s.currency = 'VLT'), 0)::text AS out_vlt,
           coalesce(sum(s.balance) FILTER (WHERE s.purpose = 'withdrawalOut' AND s.currency = 'BUSD'), 0)::text AS out_busd,
           ${usd('sum(s.balance * t.usd_price)')} AS usd
           FROM s LEFT JOIN token_prices t ON t.currency = s.currency
          WHERE s.currency IN ('VLT', 'BUSD')`,
        [unsettledRows.map((r) => r.purpose), unsettledRows.map((r) => r.currency), unsettledRows.map((r) => r.balance ?? '0')],
      );
      const { rows: [total] } = await db.$client.query<{ sum: string }>(
        `SELECT round(sum(x), 18)::text AS sum FROM unnest($1::numeric[]) AS x`,
        [[...rows.map((r) => r.usd), u!.usd]],
      );
      return {
        walletBalances: rows.map((r) => ({ currency: r.currency, totalBalance: r.total })),
        unsettledBalance: {
          bulkSender: { vlt: u!.bulk_vlt, busd: u!.bulk_busd },
          withdrawalOut: { vlt: u!.out_vlt, busd: u!.out_busd },
        },
        totalUsdValue: total!.sum,
      };
    },

    /**
     * Custodial wallets with their balances: read on chain (and stored as a snapshot) when an
     * endpoint is configured, else, or when the read fails, the newest stored snapshot.
     */
    async custodialAddresses(log: FastifyBaseLogger): Promise<CustodialAddresses> {
      const rows = await snapshots();
      const stored = fromSnapshots(rows);
      if (!readChain || stored.length === 0) return { result: stored };
      const wallets = [...new Map(rows.map((r) => [r.id, { id: r.id, address: r.address }])).values()];
      const now = Date.now();
      const reusable = lastChainRead && now - lastChainRead.at <= CHAIN_REUSE_MS && wallets.every((w) => lastChainRead!.addresses.has(w.address));
      if (!reusable) {
        lastChainRead = { at: now, addresses: new Set(wallets.map((w) => w.address)), reading: readAndStore(wallets) };
      }
      try {
        const { balances, readAt } = await lastChainRead!.reading;
        return {
          result: stored.map((w) => ({ ...w, ...balances.get(w.address)!, source: 'chain', readAt: readAt.toISOString() })),
        };
      } catch (err) {
        // A failed reading is not kept: the next call asks the endpoints again.
        lastChainRead = null;
        log.warn({ err }, 'custodial balances: chain read failed, answering the stored snapshot');
        return { result: stored };
      }
    },

    async sharePrices(protocol: string): Promise<SharePrices> {
      const { rows } = await db.$client.query<{ price: string; recorded_at: Date }>(
        `SELECT price::text AS price, recorded_at FROM share_prices WHERE protocol = $1 ORDER BY recorded_at DESC LIMIT $2`,
        [protocol, SHARE_PRICE_LIMIT],
      );
      return rows.map((r) => ({ price: r.price, createdAt: r.recorded_at.toISOString() }));
    },

    /** The last TREND_DAYS UTC days, today included, every day present. */
    async trends(): Promise<DashboardTrends> {
      const { rows } = await db.$client.query<{ day: string; signups: number; volume: string }>(
        `WITH b AS (
           SELECT (date_trunc('day', now() AT TIME ZONE 'UTC') - ($1::int - 1) * interval '1 day') AS first_day),
         r AS (SELECT first_day AT TIME ZONE 'UTC' AS t0, (first_day + $1::int * interval '1 day') AT TIME ZONE 'UTC' AS t1, first_day FROM b),
         days AS (SELECT (first_day + i * interval '1 day')::date AS day FROM r, generate_series(0, $1::int - 1) AS i),
         s AS (SELECT (u.created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
                 FROM users u, r WHERE u.created_at >= r.t0 AND u.created_at < r.t1 GROUP BY 1),
         v AS (SELECT (x.created_at AT TIME ZONE 'UTC')::date AS day, sum(x.amount * p.usd_price) AS usd
                 FROM savings_transactions x CROSS JOIN r LEFT JOIN token_prices p ON p.currency = x.currency
                WHERE x.created_at >= r.t0 AND x.created_at < r.t1 GROUP BY 1)
         SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(s.n, 0) AS signups, ${usd('v.usd')} AS volume
           FROM days d LEFT JOIN s ON s.day = d.day LEFT JOIN v ON v.day = d.day
          ORDER BY d.day`,
        [TREND_DAYS],
      );
      return rows.map((r) => ({ day: r.day, signups: r.signups, savingsVolume: r.volume }));
    },
  };
  // Whole-table totals cost time that grows with the customer base; the others are index lookups.
  return {
    ...service,
    overallPlans: reuseFor(cacheMs, service.overallPlans),
    overallWalletBalances: reuseFor(cacheMs, service.overallWalletBalances),
    trends: reuseFor(cacheMs, service.trends),
  };
}
