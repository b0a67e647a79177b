import type { HoldDriftRow } from '@vaultdesk/contract';
import type { Conn } from './reconciliation-shared';

/**
 * Plan holds against locks: a locked plan holds exactly what its lock stands for (the flexible
 * plan's locked amount, else its deposit), any other plan holds nothing. Any difference is unexplained.
 */
export async function holdsPart(c: Conn, limit: number) {
  const {
    rows: [r],
  } = await c.query<{ plans: number; drift: number; rows: HoldDriftRow[] | null }>(
    `
    WITH h AS (SELECT plan_id, sum(amount) AS held FROM savings_lock_entries GROUP BY 1),
    d AS MATERIALIZED (
      SELECT p.id, p.user_id, p.plan_type, p.currency, p.locked,
             CASE WHEN p.locked AND coalesce(p.locked_amount, p.deposit_amount) > 0 THEN coalesce(p.locked_amount, p.deposit_amount) ELSE 0 END AS expected,
             coalesce(h.held, 0) AS held
        FROM savings_plans p LEFT JOIN h ON h.plan_id = p.id
       WHERE p.locked OR h.plan_id IS NOT NULL),
    drift AS MATERIALIZED (SELECT * FROM d WHERE held <> expected)
    SELECT (SELECT count(*)::int FROM d) AS plans,
           (SELECT count(*)::int FROM drift) AS drift,
           (SELECT json_agg(json_build_object(
                     'planId', d.id, 'userId', d.user_id, 'userEmail', u.email, 'planType', d.plan_type, 'currency', d.currency,
                     'locked', d.locked, 'expected', trim_scale(d.expected)::text, 'held', trim_scale(d.held)::text,
                     'difference', trim_scale(d.held - d.expected)::text) ORDER BY abs(d.held - d.expected) DESC, d.id)
              FROM (SELECT * FROM drift ORDER BY abs(held - expected) DESC, id LIMIT $1) d LEFT JOIN users u ON u.id = d.user_id) AS rows`,
    [limit],
  );
  return { plans: r!.plans, drift: r!.drift, total: r!.drift, records: r!.rows ?? [] };
}
