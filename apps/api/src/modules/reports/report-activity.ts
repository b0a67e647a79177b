/**
 * The raw rows behind the weekly reports, read by their week buckets (report-buckets.ts) and by
 * their exports (reports.exports.ts) alike. `lo` and `hi` are timestamptz SQL expressions.
 */
import { FEATURES } from '@vaultdesk/contract';

export const weekOf = (col: string) => `date_trunc('week', ${col} AT TIME ZONE 'UTC')::date`;
/**
 * Every use of a feature between two timestamptz literals (`[lo, hi)`), one row each with its ISO
 * week and customer: wallet and savings transactions with their states grouped into features (as
 * FEATURES in packages/contract lists them), and the referrals made. Feature usage's week buckets
 * (report-buckets.ts) and its export read these same rows.
 */
export const featureUses = (lo: string, hi: string) => {
  const inRange = (col: string) => `${col} >= ${lo} AND ${col} < ${hi}`;
  // Each transaction table's states, as FEATURES groups them, become its feature.
  const byState = (table: 'wallet' | 'savings') => {
    const features = FEATURES.filter((f) => f.table === table);
    return {
      feature: `CASE transaction_state ${features.flatMap((f) => f.states.map((st) => `WHEN ${st} THEN '${f.key}'`)).join(' ')} END`,
      states: features.flatMap((f) => f.states).join(', '),
    };
  };
  const wallet = byState('wallet');
  const savings = byState('savings');
  return `SELECT ${weekOf('created_at')} AS week, user_id, ${wallet.feature} AS feature
            FROM wallet_transactions WHERE ${inRange('created_at')} AND transaction_state IN (${wallet.states})
          UNION ALL
          SELECT ${weekOf('created_at')}, user_id, ${savings.feature}
            FROM savings_transactions WHERE ${inRange('created_at')} AND transaction_state IN (${savings.states})
          UNION ALL
          SELECT ${weekOf('created_at')}, referrer_id, 'referrals' FROM referrals WHERE ${inRange('created_at')}`;
};

/**
 * One row per wallet or savings transaction between two timestamptz literals, with its ISO week
 * and customer: Weekly growth's active customers (distinct per week), for its week buckets
 * (report-buckets.ts) and its export alike.
 */
export const activeCustomerRows = (lo: string, hi: string) => {
  const inRange = (col: string) => `${col} >= ${lo} AND ${col} < ${hi}`;
  return `SELECT ${weekOf('created_at')} AS week, user_id FROM wallet_transactions WHERE ${inRange('created_at')}
          UNION ALL
          SELECT ${weekOf('created_at')}, user_id FROM savings_transactions WHERE ${inRange('created_at')}`;
};
