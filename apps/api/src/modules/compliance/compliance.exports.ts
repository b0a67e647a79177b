/**
 * The exports of two Advanced searches (Search Funding Request, Plans About to Mature): every row
 * the list's filter finds (compliance-filters.ts), in the list's order, registered with the
 * worker's export job by kind.
 */
import type { ExportParams, ExportQueries, Literal } from '@vaultdesk/worker';
import { inlined, where } from '../../queries/sql-filter';
import { fundingFilter, maturingFilter, type FundingSearch } from './compliance-filters';

const fundingSearch = (p: ExportParams): FundingSearch => {
  const given = (['email', 'transactionHash', 'receivingAddress'] as const).filter(
    (k) => typeof p[k] === 'string' && p[k] !== '',
  );
  if (given.length !== 1)
    throw new Error('export parameters give not exactly one of email, transactionHash, receivingAddress');
  return { [given[0]!]: String(p[given[0]!]) };
};

const asOf = (p: ExportParams, lit: Literal) => {
  const v = String(p.asOf ?? '');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(v)) throw new Error('export parameter asOf is not a time');
  return inlined(maturingFilter(where`${v}::timestamptz`), lit);
};

export const COMPLIANCE_EXPORTS = {
  // Every funding request the search finds (the screen shows the newest 50), newest first.
  'funding-requests': (p, lit) =>
    `SELECT f.id, u.email AS "userEmail", f.amount_received AS "amountReceived", f.currency, f.receiving_address AS "receivingAddress",
            f.transaction_hash AS "transactionHash", f.created_at AS "createdAt", f.updated_at AS "updatedAt"
       FROM funding_requests f JOIN users u ON u.id = f.user_id
      WHERE ${inlined(fundingFilter(fundingSearch(p)), lit)}
      ORDER BY f.created_at DESC, f.id`,
  // Fixed plans not withdrawn whose lock ends within the window of the moment the export was
  // asked (kept with it as asOf), soonest first, with the reward in USD as the page shows it.
  'plans-about-to-mature': (p, lit) =>
    `SELECT p.id AS "planId", p.plan_name AS "planName", u.id AS "userId", u.email, p.deposit_amount AS "depositAmount",
            p.share_balance AS "shareBalance", p.lock_period AS "lockPeriod",
            round(coalesce(r.vlt, 0) * coalesce((SELECT usd_price FROM token_prices WHERE currency = 'VLT'), 0), 2) AS "rewardInUSD",
            p.created_at AS "createdAt"
       FROM savings_plans p JOIN users u ON u.id = p.user_id
       LEFT JOIN LATERAL (SELECT sum(amount) AS vlt FROM reward_records rr WHERE rr.plan_id = p.id AND rr.currency = 'VLT') r ON true
      WHERE ${asOf(p, lit)}
      ORDER BY p.lock_period, p.id`,
} satisfies ExportQueries;
