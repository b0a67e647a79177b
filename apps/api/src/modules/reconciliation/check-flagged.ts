import { RECONCILIATION_TOLERANCE, type FlaggedRow } from '@vaultdesk/contract';
import { OWNER, type Conn } from './reconciliation-shared';

/**
 * Balances against the wallets' transactions summed by direction (the profile's balance-mismatch
 * rule: in when `to_address` is the wallet, out when `from_address` is; addresses compared without
 * their letter case, as a chain credit records them in lower case and a wallet may be checksummed). Over the tolerance is
 * flagged; a flag is explained when the ledger shows why: ledger rows posted again for a
 * transaction that already had its row (a deposit notification processed twice) account for the
 * difference within the tolerance. What they leave over the tolerance is unexplained.
 */
export async function flaggedPart(c: Conn, limit: number) {
  const {
    rows: [r],
  } = await c.query<{ total: number; explained: number; rows: FlaggedRow[] | null }>(
    `
    WITH n AS (
      SELECT t.wallet_id, t.currency,
             sum(CASE WHEN lower(t.to_address) = lower(w.address) THEN t.amount ELSE 0 END)
           - sum(CASE WHEN lower(t.from_address) = lower(w.address) THEN t.amount ELSE 0 END) AS net
        FROM wallet_transactions t JOIN wallets w ON w.id = t.wallet_id GROUP BY 1, 2),
    f AS MATERIALIZED (
      SELECT * FROM (
        SELECT coalesce(b.wallet_id, n.wallet_id) AS wallet_id, coalesce(b.currency, n.currency) AS currency,
               coalesce(b.balance, 0) AS balance, coalesce(n.net, 0) AS net
          FROM wallet_balances b FULL JOIN n ON n.wallet_id = b.wallet_id AND n.currency = b.currency) x
       WHERE abs(balance - net) > $2),
    e AS MATERIALIZED (
      SELECT f.*, coalesce(x.rows, 0) AS dup_rows, coalesce(x.amount, 0) AS dup_amount,
             f.balance - f.net - coalesce(x.amount, 0) AS residual,
             abs(f.balance - f.net - coalesce(x.amount, 0)) <= $2 AS explained
        FROM f LEFT JOIN LATERAL (
          SELECT count(*)::int AS rows, sum(k.amount) AS amount FROM (
            SELECT l.amount, row_number() OVER (PARTITION BY l.reference_id ORDER BY l.id) AS rn
              FROM ledger_entries l
             WHERE l.wallet_id = f.wallet_id AND l.currency = f.currency AND l.reference_type = 'wallet_transaction') k
           WHERE k.rn > 1) x ON true)
    SELECT (SELECT count(*)::int FROM e) AS total,
           (SELECT count(*)::int FROM e WHERE explained) AS explained,
           (SELECT json_agg(json_build_object(
                     'walletId', d.wallet_id, 'userId', u.id, 'userEmail', u.email, 'currency', d.currency,
                     'balance', trim_scale(d.balance)::text, 'transactionsNet', trim_scale(d.net)::text,
                     'difference', trim_scale(d.balance - d.net)::text, 'duplicatePostings', d.dup_rows,
                     'duplicatedAmount', trim_scale(d.dup_amount)::text, 'residual', trim_scale(d.residual)::text,
                     'explained', d.explained) ORDER BY d.explained, abs(d.residual) DESC, d.wallet_id, d.currency)
              FROM (SELECT * FROM e ORDER BY explained, abs(residual) DESC, wallet_id, currency LIMIT $1) d ${OWNER}) AS rows`,
    [limit, RECONCILIATION_TOLERANCE],
  );
  const rows = (r!.rows ?? []).map((row): FlaggedRow => ({
    ...row,
    reason: row.explained
      ? `${row.duplicatePostings} ledger row${row.duplicatePostings === 1 ? '' : 's'} posted again for a transaction already posted (${row.duplicatedAmount} ${row.currency}): the balance has the credit twice, the transactions once`
      : row.duplicatePostings
        ? `Ledger rows posted twice account for ${row.duplicatedAmount} ${row.currency}; ${row.residual} remains that no ledger row explains`
        : `No ledger row explains the difference: the transactions and the ledger disagree by ${row.residual} ${row.currency}`,
  }));
  return { total: r!.total, explained: r!.explained, unexplained: r!.total - r!.explained, records: rows };
}
