import type { TransactionUsedTwiceRow } from '@vaultdesk/contract';
import { describeUse, type ClaimKind } from '../../chain/transaction-claims';
import { isoText } from '../../timestamps/iso';
import type { Conn } from './reconciliation-shared';

type Row = { hash: string; uses: { kind: ClaimKind; recordId: string; at: string | null }[] };

/**
 * Chain transactions against the money events they back, from the records themselves (not the
 * claims, which hold only the first use): a saved batch, a batch recorded as sent whose list
 * saved no batch with it, a plan's part resolved with another transaction than its batch's, a
 * withdrawal-out payout. A plan's hashes, a queue item's and a list's saved hash repeat their
 * batch's and are not uses of their own. A transaction backing two or more is unexplained.
 */
export async function transactionsPart(c: Conn, limit: number) {
  const {
    rows: [r],
  } = await c.query<{ recorded: number; used_twice: number; rows: Row[] | null }>(
    `
    WITH uses AS MATERIALIZED (
      SELECT lower(b.transaction_hash) AS hash, 'batch.' || b.action AS kind, b.id::text AS record_id, b.created_at AS at
        FROM batches b WHERE b.transaction_hash IS NOT NULL
      UNION ALL
      SELECT lower(bp.resolved_hash), 'resolve.' || b.action, bp.batch_id::text || '/' || bp.plan_id::text, coalesce(bp.resolved_at, b.created_at)
        FROM batch_plans bp JOIN batches b ON b.id = bp.batch_id
       WHERE bp.resolved_hash IS NOT NULL AND lower(bp.resolved_hash) <> lower(coalesce(b.transaction_hash, ''))
      UNION ALL
      SELECT lower(pl.sent_hash), 'sent.' || pl.type, pl.id::text, coalesce(pl.sent_at, pl.created_at)
        FROM process_lists pl
       WHERE pl.sent_hash IS NOT NULL AND lower(pl.sent_hash) <> lower(coalesce(pl.transaction_hash, ''))
      UNION ALL
      SELECT lower(w.transaction_hash), CASE WHEN w.in_app_transaction THEN 'payout.in-app' ELSE 'payout' END, w.id::text,
             coalesce(w.processed_at, w.updated_at)
        FROM withdrawal_requests w WHERE w.transaction_hash IS NOT NULL),
    twice AS MATERIALIZED (SELECT hash, min(at) AS first_at FROM uses GROUP BY hash HAVING count(*) > 1)
    SELECT (SELECT count(DISTINCT hash)::int FROM uses) AS recorded,
           (SELECT count(*)::int FROM twice) AS used_twice,
           (SELECT json_agg(json_build_object('hash', x.hash, 'uses', x.uses) ORDER BY x.first_at DESC, x.hash)
              FROM (SELECT t.hash, t.first_at,
                           (SELECT json_agg(json_build_object('kind', u.kind, 'recordId', u.record_id, 'at', ${isoText('u.at')})
                                            ORDER BY u.at, u.kind, u.record_id)
                              FROM uses u WHERE u.hash = t.hash) AS uses
                      FROM twice t ORDER BY t.first_at DESC, t.hash LIMIT $1) x) AS rows`,
    [limit],
  );
  const records: TransactionUsedTwiceRow[] = (r!.rows ?? []).map((row) => ({
    hash: row.hash,
    uses: row.uses.map((u) => ({ ...u, use: describeUse(u.kind, u.recordId).what })),
  }));
  return { recorded: r!.recorded, usedTwice: r!.used_twice, records };
}
