import type { ExtrasContext } from './context';
import { withIndexesAfter } from './indexes-after';

const PLANS_PER_BATCH = 20;

/** A deterministic 31-bit number from text (md5-based, stable across PostgreSQL versions). */
const h = (text: string) => `(('x' || substr(md5(${text}), 1, 8))::bit(32)::int & 2147483647)`;
/** A deterministic 0x + 64 hex transaction hash from text. */
const txHash = (text: string) => `('0x' || md5(${text}) || md5(${text} || ':2'))`;

/**
 * Demo batches with their plans, reward records, user types and their members, derived from the
 * customer rows already loaded. Set-based SQL only: one statement per table, so a million users
 * cost seconds, and the same seed, users and now give the same rows.
 *
 * - Every saved plan was carried by a deposit batch (one per plan type and time window of deposit),
 *   its part resolved by the batch itself; every withdrawn plan also by a withdraw batch.
 * - About half of the pending plans, and a few plans marked 'failed' (one in 200, at least
 *   three), sit in a deposit batch with their part still 'included': the batch went on chain but
 *   the plan was never brought in step, which is what Resolve fixes.
 * - About half of the saved plans earned VLT rewards, one to three records, monthly from the deposit.
 * - User types Agent, Merchant and Ambassador, with promoters (five or more referrals) and one
 *   referrer in ten among their members, some in two types.
 */
export async function seedSavingsPlansExtras(ctx: ExtrasContext): Promise<void> {
  const { client, seed } = ctx;
  const now = new Date(ctx.nowMs).toISOString();
  const s = `'${seed}:'`;
  // A few saved plans whose save failed after their batch went on chain (one in 200, at least
  // three): with half the pending plans, the parts Resolve exists for.
  await client.query(
    `UPDATE savings_plans SET save_status = 'failed'
      WHERE id IN (SELECT id FROM savings_plans WHERE save_status = 'saved' AND plan_state = 'active' AND NOT locked
                    ORDER BY md5(${s} || 'failed:' || id) LIMIT greatest(3, (SELECT count(*) / 200 FROM savings_plans)))`,
  );
  // Pending plans chosen to sit in a batch with an unresolved part.
  const unresolved = `(p.save_status = 'failed' OR (p.save_status = 'pending' AND ${h(`${s} || 'unresolved:' || p.id`)} % 2 = 0))`;
  // Time windows sized so a batch carries about PLANS_PER_BATCH plans whatever the number of users.
  const {
    rows: [span],
  } = await client.query<{ dep_s: number | null; dep_n: number; wd_s: number | null; wd_n: number }>(
    `SELECT extract(epoch FROM max(deposit_time) - min(deposit_time))::float8 AS dep_s, count(deposit_time)::int AS dep_n,
            extract(epoch FROM max(withdrawal_time) - min(withdrawal_time))::float8 AS wd_s, count(withdrawal_time)::int AS wd_n
       FROM savings_plans`,
  );
  const windowSeconds = (seconds: number | null, n: number) =>
    Math.max(3600, Math.ceil(((seconds ?? 0) * PLANS_PER_BATCH) / Math.max(1, n)));
  const depWindow = windowSeconds(span!.dep_s, span!.dep_n);
  const wdWindow = windowSeconds(span!.wd_s, span!.wd_n);
  const depKey = `${s} || 'deposit:' || p.plan_type || ':' || floor(extract(epoch FROM p.deposit_time) / ${depWindow})`;
  const wdKey = `${s} || 'withdraw:' || p.plan_type || ':' || floor(extract(epoch FROM p.withdrawal_time) / ${wdWindow})`;

  const deposits = await client.query(
    `INSERT INTO batches (id, action, plan_type, transaction_hash, status, created_at)
     SELECT md5(k)::uuid, 'deposit', plan_type, ${txHash('k')}, 'confirmed', least(max(deposit_time) + interval '1 hour', $1::timestamptz)
       FROM (SELECT ${depKey} AS k, p.plan_type, p.deposit_time FROM savings_plans p
              WHERE p.deposit_time IS NOT NULL AND (p.save_status = 'saved' OR ${unresolved})) x
      GROUP BY k, plan_type`,
    [now],
  );
  const withdrawals = await client.query(
    `INSERT INTO batches (id, action, plan_type, transaction_hash, status, created_at)
     SELECT md5(k)::uuid, 'withdraw', plan_type, ${txHash('k')}, 'confirmed', min(withdrawal_time) - interval '30 minutes'
       FROM (SELECT ${wdKey} AS k, p.plan_type, p.withdrawal_time FROM savings_plans p
              WHERE p.plan_state = 'withdrawn' AND p.withdrawal_time IS NOT NULL) x
      GROUP BY k, plan_type`,
  );
  const parts = await withIndexesAfter(client, ['batch_plans'], () =>
    client.query(
      `INSERT INTO batch_plans (batch_id, plan_id, amount, status, resolved_hash, resolved_at)
     SELECT b.id, p.id, p.deposit_amount,
            CASE WHEN p.save_status = 'saved' THEN 'resolved' ELSE 'included' END,
            CASE WHEN p.save_status = 'saved' THEN b.transaction_hash END,
            CASE WHEN p.save_status = 'saved' THEN b.created_at END
       FROM savings_plans p JOIN batches b ON b.id = md5(${depKey})::uuid
      WHERE p.deposit_time IS NOT NULL AND (p.save_status = 'saved' OR ${unresolved})
     UNION ALL
     SELECT b.id, p.id, coalesce(p.withdrawal_amount, p.deposit_amount), 'resolved', b.transaction_hash, b.created_at
       FROM savings_plans p JOIN batches b ON b.id = md5(${wdKey})::uuid
      WHERE p.plan_state = 'withdrawn' AND p.withdrawal_time IS NOT NULL`,
    ),
  );
  const rewards = await withIndexesAfter(client, ['reward_records'], () =>
    client.query(
      `INSERT INTO reward_records (id, plan_id, user_id, amount, currency, status, transaction_hash, created_at)
     SELECT md5(k)::uuid, plan_id, user_id, amount, 'VLT', status, CASE WHEN status = 'paid' THEN ${txHash('k')} END, at
       FROM (SELECT ${s} || 'reward:' || p.id || ':' || g AS k, p.id AS plan_id, p.user_id,
                    round(p.deposit_amount * (0.002 + (${h(`${s} || 'amount:' || p.id`)} + g) % 7 * 0.0005), 6) AS amount,
                    CASE WHEN g = n AND ${h(`${s} || 'paid:' || p.id`)} % 5 = 0 THEN 'pending' ELSE 'paid' END AS status,
                    p.deposit_time + g * interval '30 days' AS at,
                    coalesce(p.withdrawal_time, $1::timestamptz) AS until
               FROM (SELECT p.*, 1 + ${h(`${s} || 'rewards:' || p.id`)} % 3 AS n FROM savings_plans p
                      WHERE p.save_status = 'saved' AND p.deposit_time IS NOT NULL AND ${h(`${s} || 'rewarded:' || p.id`)} % 2 = 0) p
              CROSS JOIN LATERAL generate_series(1, p.n) g) r
      WHERE at <= until`,
      [now],
    ),
  );
  await client.query(
    `INSERT INTO user_types (id, name, created_at)
     SELECT md5(${s} || 'usertype:' || name)::uuid, name, $1::timestamptz - interval '400 days'
       FROM unnest(ARRAY['Agent', 'Merchant', 'Ambassador']) AS name
     ON CONFLICT (name) DO NOTHING`,
    [now],
  );
  const members = await client.query(
    `WITH types AS (SELECT id, name::text AS name FROM user_types WHERE name IN ('Agent', 'Merchant', 'Ambassador')),
     referrers AS (
       SELECT referrer_id AS user_id, count(*) AS n, ${h(`${s} || 'member:' || referrer_id`)} AS hv
         FROM referrals GROUP BY referrer_id),
     picked AS (
       SELECT r.user_id, (ARRAY['Agent', 'Merchant', 'Ambassador'])[1 + r.hv % 3] AS name, r.hv FROM referrers r
        WHERE r.n >= 5 OR r.hv % 10 = 0
       UNION ALL
       -- Some promoters hold a second type: the report's "all" lists them once.
       SELECT r.user_id, 'Ambassador', r.hv FROM referrers r WHERE r.n >= 5 AND r.hv % 7 = 0 AND r.hv % 3 <> 2)
     INSERT INTO user_usertypes (user_id, user_type_id, created_at)
     SELECT p.user_id, t.id, $1::timestamptz - (p.hv % 300) * interval '1 day' FROM picked p JOIN types t ON t.name = p.name
     ON CONFLICT DO NOTHING`,
    [now],
  );
  await client.query('ANALYZE batches, batch_plans, reward_records, user_types, user_usertypes');
  ctx.log(
    `demo data: ${deposits.rowCount} deposit and ${withdrawals.rowCount} withdraw batches carrying ${parts.rowCount} plan parts, ${rewards.rowCount} reward records, ${members.rowCount} user type members`,
  );
}
