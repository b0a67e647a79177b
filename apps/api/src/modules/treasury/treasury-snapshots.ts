import {
  CURRENCIES,
  CUSTODIAL_PURPOSES,
  type CustodialPurpose,
  type CustodialWallet,
  type Currency,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';

/** What the treasury reads share: the USD rounding and the custodial wallets' stored snapshots. */

export type SnapshotRow = {
  id: string;
  address: string;
  label: string;
  purpose: CustodialPurpose;
  currency: Currency;
  balance: string | null;
  read_at: Date | null;
};

// Products of two numeric(38,18) carry 36 decimals; money is answered with 18.
export const usd = (expr: string) => `round(coalesce(${expr}, 0), 18)::text`;

/** The custodial wallets with the newest stored balance per currency (one index probe each). */
export async function snapshots(db: Db, purposes: readonly CustodialPurpose[] = CUSTODIAL_PURPOSES) {
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

export function fromSnapshots(rows: SnapshotRow[]): CustodialWallet[] {
  const wallets = new Map<string, CustodialWallet & { times: number[] }>();
  for (const r of rows) {
    let w = wallets.get(r.id);
    if (!w) {
      w = {
        address: r.address,
        label: r.label,
        purpose: r.purpose,
        BNB: null,
        BUSD: null,
        VLT: null,
        xBUSD: null,
        source: 'snapshot',
        readAt: null,
        times: [],
      };
      wallets.set(r.id, w);
    }
    w[r.currency] = r.balance;
    if (r.read_at) w.times.push(r.read_at.getTime());
  }
  // The oldest reading among the currencies: the panel must not claim a fresher view than it has.
  return [...wallets.values()].map(({ times, ...w }) => ({
    ...w,
    readAt: times.length ? new Date(Math.min(...times)).toISOString() : null,
  }));
}
