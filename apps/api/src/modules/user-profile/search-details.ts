import { BALANCE_MISMATCH_TOLERANCE, type SearchDetails } from '@vaultdesk/contract';
import { named, type Db } from '@vaultdesk/db';
import { iso, notFound, PROFILE_SQL, toProfile, type Row } from './user-profile-shared';

type LoginLocation = {
  deviceType?: string;
  locationCoordinates?: string;
  userDevice?: string;
  cfIpCountry?: string;
  xRealIp?: string;
} | null;

function toActivities(r: Row, withDevices: boolean): SearchDetails['userActivities'] {
  const loc = r.last_login_location as LoginLocation;
  return {
    lastLogin: iso(r.last_login_at),
    lastLoginLocation: loc
      ? {
          locationCoordinates: loc.locationCoordinates ?? null,
          ...(withDevices
            ? {
                deviceType: loc.deviceType ?? null,
                userDevice: loc.userDevice ?? null,
                cfIpCountry: loc.cfIpCountry ?? null,
                xRealIp: loc.xRealIp ?? null,
              }
            : {}),
        }
      : null,
  };
}

/**
 * The whole profile in one round trip: the profile row carries the wallets (with balances) and
 * the balance check as JSON; every part walks only this user's rows through their indexes. A
 * named (prepared) statement: parsing and planning this text cost PostgreSQL more than running it.
 */
const SEARCH_DETAILS = named(
  `SELECT p.*,
       (SELECT coalesce(json_agg(json_build_object(
                 'id', w.id, 'name', w.name, 'address', w.address, 'network', w.network, 'is_active', w.is_active,
                 'created_at', w.created_at,
                 'balances', (SELECT json_object_agg(b.currency, trim_scale(b.balance)::text) FROM wallet_balances b WHERE b.wallet_id = w.id))
               ORDER BY w.created_at, w.id), '[]')
          FROM wallets w WHERE w.user_id = $1) AS wallets,
       -- The ledger is the truth of a balance; a wallet's transactions summed by direction
       -- must agree with it. A deposit credited twice (or any ledger row without its
       -- transaction) shows here as a difference.
       (WITH w AS (SELECT id, address FROM wallets WHERE user_id = $1),
        net AS (SELECT t.wallet_id, t.currency,
                       sum(CASE WHEN lower(t.to_address) = lower(w.address) THEN t.amount ELSE 0 END)
                     - sum(CASE WHEN lower(t.from_address) = lower(w.address) THEN t.amount ELSE 0 END) AS net
                  FROM wallet_transactions t JOIN w ON w.id = t.wallet_id
                 WHERE t.user_id = $1 GROUP BY 1, 2),
        bal AS (SELECT b.wallet_id, b.currency, b.balance FROM wallet_balances b JOIN w ON w.id = b.wallet_id),
        diff AS (SELECT coalesce(bal.wallet_id, net.wallet_id) AS wallet_id, coalesce(bal.currency, net.currency) AS currency,
                        coalesce(bal.balance, 0) AS balance, coalesce(net.net, 0) AS net
                   FROM bal FULL JOIN net ON net.wallet_id = bal.wallet_id AND net.currency = bal.currency)
        SELECT coalesce(json_agg(json_build_object(
                 'walletId', wallet_id, 'currency', currency, 'balance', trim_scale(balance)::text,
                 'transactionsNet', trim_scale(net)::text, 'difference', trim_scale(balance - net)::text)
               ORDER BY wallet_id, currency), '[]')
          FROM diff WHERE abs(balance - net) > $2) AS mismatch
     FROM (${PROFILE_SQL}) p`,
);

/** A customer's profile with their wallets, balances, addresses, last activity and the balance check. */
export async function searchDetails(db: Db, id: string, withDevices: boolean): Promise<SearchDetails> {
  const { rows } = await db.$client.query({ ...SEARCH_DETAILS, values: [id, BALANCE_MISMATCH_TOLERANCE] });
  const row = rows[0] as Row | undefined;
  if (!row) throw notFound('User');
  type WalletJson = {
    id: string;
    name: string;
    address: string;
    network: number;
    is_active: boolean;
    created_at: string;
    balances: Record<string, string> | null;
  };
  const wallets = row.wallets as WalletJson[];
  const entries = row.mismatch as SearchDetails['balanceMismatch']['entries'];
  const bal = (w: WalletJson, cur: string) => w.balances?.[cur] ?? '0';
  return {
    profile: toProfile(row, withDevices),
    balances: wallets.map((w) => ({
      walletId: w.id,
      name: w.name,
      busd: bal(w, 'BUSD'),
      vlt: bal(w, 'VLT'),
      bnb: bal(w, 'BNB'),
      xbusd: bal(w, 'xBUSD'),
    })),
    wallets: wallets.map((w) => ({
      _id: w.id,
      name: w.name,
      network: w.network,
      isActive: w.is_active,
      createdAt: new Date(w.created_at).toISOString(),
    })),
    addresses: wallets.map((w) => ({ walletId: w.id, address: w.address })),
    userActivities: toActivities(row, withDevices),
    balanceMismatch: { flagged: entries.length > 0, tolerance: BALANCE_MISMATCH_TOLERANCE, entries },
  };
}
