import type { ExtrasContext } from './context';

/**
 * The company's four custodial wallets. Balances of the wallets that move money out are fixed
 * working floats; the treasury holds the customers' balances plus a 5% reserve, so the demo
 * dashboard's totals agree with each other.
 */
const WALLETS: { purpose: string; label: string; float: Record<string, string> | null }[] = [
  { purpose: 'treasury', label: 'Treasury', float: null },
  { purpose: 'bulkSender', label: 'Bulk sender', float: { BNB: '4.25', BUSD: '18250.5', VLT: '92400', xBUSD: '0' } },
  {
    purpose: 'withdrawalOut',
    label: 'Withdrawal out',
    float: { BNB: '1.8', BUSD: '6420.75', VLT: '31050.125', xBUSD: '0' },
  },
  {
    purpose: 'referralPayout',
    label: 'Referral payout',
    float: { BNB: '0.6', BUSD: '2500', VLT: '48210.5', xBUSD: '0' },
  },
];

/** USD prices as the price job would have stored them. */
const PRICES: Record<string, string> = { BUSD: '1', VLT: '0.25', BNB: '600', xBUSD: '1.02' };

/** Share price of each vault on the first of the 30 days and its daily growth (about 8% and 4% a year). */
const SHARE_PRICES: { protocol: string; start: string; daily: string }[] = [
  { protocol: 'xAuto', start: '1.0842', daily: '0.00021' },
  { protocol: 'venus', start: '1.0315', daily: '0.00011' },
];

/** Demo custodial wallets, their balance snapshots, token prices and share prices, derived from the customer rows already loaded. */
export async function seedTreasuryExtras(ctx: ExtrasContext): Promise<void> {
  const { client, seed, nowMs } = ctx;
  const now = new Date(nowMs).toISOString();

  await client.query(
    `INSERT INTO token_prices (currency, usd_price, updated_at)
     SELECT c, p::numeric, $3::timestamptz FROM unnest($1::text[], $2::text[]) AS x(c, p)
     ON CONFLICT (currency) DO NOTHING`,
    [Object.keys(PRICES), Object.values(PRICES), now],
  );

  // Addresses: 20 bytes of sha256(seed:purpose), the same for the same seed.
  await client.query(
    `INSERT INTO custodial_wallets (label, purpose, address, network, created_at)
     SELECT label, purpose, '0x' || substr(encode(sha256(convert_to($3::text || ':' || purpose, 'UTF8')), 'hex'), 1, 40), 56, $4::timestamptz
       FROM unnest($1::text[], $2::text[]) AS x(purpose, label)
     ON CONFLICT (address) DO NOTHING`,
    [WALLETS.map((w) => w.purpose), WALLETS.map((w) => w.label), String(seed), now],
  );

  const floats = WALLETS.flatMap((w) =>
    Object.entries(w.float ?? {}).map(([currency, balance]) => ({ purpose: w.purpose, currency, balance })),
  );
  // Read an hour before "now", as the last balance job would have.
  await client.query(
    `WITH floats AS (SELECT * FROM unnest($1::text[], $2::text[], $3::numeric[]) AS x(purpose, currency, balance)),
          customers AS (SELECT c AS currency, coalesce((SELECT sum(balance) FROM wallet_balances WHERE currency = c), 0) AS total
                          FROM unnest(ARRAY['BNB', 'BUSD', 'VLT', 'xBUSD']) AS c),
          wanted AS (
            SELECT purpose, currency, balance FROM floats
            UNION ALL
            SELECT 'treasury', currency, round(total * 1.05, 6) FROM customers)
     INSERT INTO custodial_balance_snapshots (wallet_id, currency, balance, source, read_at)
     SELECT w.id, wanted.currency, wanted.balance, 'seed', $4::timestamptz - interval '1 hour'
       FROM wanted JOIN custodial_wallets w ON w.purpose = wanted.purpose
      WHERE NOT EXISTS (SELECT 1 FROM custodial_balance_snapshots s WHERE s.wallet_id = w.id)`,
    [floats.map((f) => f.purpose), floats.map((f) => f.currency), floats.map((f) => f.balance), now],
  );

  // One price a day at 00:00 UTC for the last 30 days, today included, compounding slowly.
  await client.query(
    `INSERT INTO share_prices (protocol, price, recorded_at)
     SELECT x.protocol, round(x.start * power(1 + x.daily, i), 8),
            date_trunc('day', $4::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - (29 - i) * interval '1 day'
       FROM unnest($1::text[], $2::numeric[], $3::numeric[]) AS x(protocol, start, daily), generate_series(0, 29) AS i`,
    [SHARE_PRICES.map((s) => s.protocol), SHARE_PRICES.map((s) => s.start), SHARE_PRICES.map((s) => s.daily), now],
  );
  ctx.log(`demo data: ${WALLETS.length} custodial wallets, token prices, ${SHARE_PRICES.length * 30} share prices`);
}
