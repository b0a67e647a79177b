import type { LedgerDriftRow } from '@vaultdesk/contract';
import { OWNER, type Conn } from './reconciliation-shared';

/**
 * Ledger against balances: every stored balance (wallet and currency) against the sum of its
 * ledger rows, in both directions (a balance without ledger rows, ledger rows without a balance).
 * Any difference is unexplained: the trigger makes them equal, and a bulk load must too.
 */
export async function ledgerPart(c: Conn, limit: number) {
  const {
    rows: [r],
  } = await c.query<{ users: number; wallets: number; balances: number; drift: number; rows: LedgerDriftRow[] | null }>(
    `
    WITH l AS (SELECT wallet_id, currency, sum(amount) AS s, count(*)::int AS n FROM ledger_entries GROUP BY 1, 2),
    d AS MATERIALIZED (
      SELECT coalesce(b.wallet_id, l.wallet_id) AS wallet_id, coalesce(b.currency, l.currency) AS currency,
             coalesce(b.balance, 0) AS balance, coalesce(l.s, 0) AS ledger, coalesce(l.n, 0) AS n
        FROM wallet_balances b FULL JOIN l ON l.wallet_id = b.wallet_id AND l.currency = b.currency),
    drift AS MATERIALIZED (SELECT * FROM d WHERE balance <> ledger)
    SELECT (SELECT count(DISTINCT user_id)::int FROM wallets) AS users,
           (SELECT count(*)::int FROM wallets) AS wallets,
           (SELECT count(*)::int FROM d) AS balances,
           (SELECT count(*)::int FROM drift) AS drift,
           (SELECT json_agg(json_build_object(
                     'walletId', d.wallet_id, 'userId', u.id, 'userEmail', u.email, 'currency', d.currency,
                     'balance', trim_scale(d.balance)::text, 'ledgerSum', trim_scale(d.ledger)::text, 'ledgerRows', d.n,
                     'difference', trim_scale(d.balance - d.ledger)::text) ORDER BY abs(d.balance - d.ledger) DESC, d.wallet_id, d.currency)
              FROM (SELECT * FROM drift ORDER BY abs(balance - ledger) DESC, wallet_id, currency LIMIT $1) d ${OWNER}) AS rows`,
    [limit],
  );
  return {
    users: r!.users,
    wallets: r!.wallets,
    balances: r!.balances,
    drift: r!.drift,
    total: r!.drift,
    records: r!.rows ?? [],
  };
}
