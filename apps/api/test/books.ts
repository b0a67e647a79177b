/** A pool or one connection (a test reads the books inside its own transaction). */
type Queryable = { query: (text: string) => Promise<{ rows: unknown[] }> };

/**
 * The books' invariants, each a query for the rows that break it (none when the books balance).
 * Shared by the race proofs and the crash proof, which check them after every scenario:
 * - every wallet balance is its ledger sum (both ways: a balance without rows, rows without a balance);
 * - every ledger row's `balance_after` is the running sum in id order (so the newest row carries the balance);
 * - no balance is negative;
 * - every plan's hold ledger sums to what the plan locks (0 when unlocked), its newest row carrying that total;
 * - each money move the API makes is posted once: one row per reference, wallet and currency. The
 *   triggers keep the first three true whatever the API does (a move posted twice still balances),
 *   so this one is what shows a move that happened twice.
 */
export const BOOKS_INVARIANTS: Record<string, string> = {
  'wallet balance differs from its ledger sum': `
    SELECT coalesce(l.wallet_id, b.wallet_id) AS wallet_id, coalesce(l.currency, b.currency) AS currency, l.s::text AS ledger, b.balance::text AS balance
      FROM (SELECT wallet_id, currency, sum(amount) AS s FROM ledger_entries GROUP BY 1, 2) l
      FULL JOIN wallet_balances b ON b.wallet_id = l.wallet_id AND b.currency = l.currency
     WHERE coalesce(l.s, 0) <> coalesce(b.balance, 0)`,
  'ledger row whose balance_after is not the running sum': `
    SELECT id, balance_after::text, running::text FROM (
      SELECT id, balance_after, sum(amount) OVER (PARTITION BY wallet_id, currency ORDER BY id) AS running FROM ledger_entries) x
     WHERE balance_after IS DISTINCT FROM running`,
  'negative balance': `SELECT wallet_id, currency, balance::text FROM wallet_balances WHERE balance < 0`,
  'plan hold differs from its lock': `
    WITH held AS (SELECT plan_id, sum(amount) AS s FROM savings_lock_entries GROUP BY plan_id),
         latest AS (SELECT DISTINCT ON (plan_id) plan_id, held_after FROM savings_lock_entries ORDER BY plan_id, id DESC)
    SELECT p.id, p.locked, h.s::text AS held, l.held_after::text AS latest
      FROM savings_plans p LEFT JOIN held h ON h.plan_id = p.id LEFT JOIN latest l ON l.plan_id = p.id
     WHERE coalesce(h.s, 0) <> CASE WHEN p.locked THEN coalesce(p.locked_amount, p.deposit_amount) ELSE 0 END
        OR (h.s IS NOT NULL AND l.held_after IS DISTINCT FROM h.s)`,
  'money move posted twice': `
    SELECT kind, reference_id, wallet_id, currency, count(*)::int AS n FROM ledger_entries
     WHERE kind IN ('remittance', 'wallet-merge', 'withdrawal-refund', 'withdrawal-in-app', 'savings-withdrawal')
     GROUP BY 1, 2, 3, 4 HAVING count(*) > 1`,
};

/** The invariants the books break now, each with (up to 3 of) its rows: `{}` when they balance. */
export async function booksDrift(db: Queryable): Promise<Record<string, unknown[]>> {
  const drift: Record<string, unknown[]> = {};
  for (const [what, sql] of Object.entries(BOOKS_INVARIANTS)) {
    const { rows } = await db.query(sql);
    if (rows.length) drift[what] = rows.slice(0, 3);
  }
  return drift;
}
