/**
 * The Advanced searches' filters, written once: the list calls bind them (funding-requests.ts, maturing-plans.ts),
 * their exports inline them (compliance.exports.ts).
 */
import { MATURING_WINDOW_DAYS } from '@vaultdesk/contract';
import { where, type SqlFilter } from '../../queries/sql-filter';

export type FundingSearch = {
  email?: string | undefined;
  transactionHash?: string | undefined;
  receivingAddress?: string | undefined;
};

/** Funding requests (alias f) by one of the search's three keys, as the search normalises it. */
export const fundingFilter = (q: FundingSearch) =>
  q.email
    ? where`f.user_id = (SELECT id FROM users WHERE email = ${q.email})`
    : q.transactionHash
      ? where`lower(f.transaction_hash) = ${q.transactionHash.toLowerCase().replace(/^(?!0x)/, '0x')}`
      : where`lower(f.receiving_address) = ${q.receivingAddress!.toLowerCase()}`;

/** Fixed plans (alias p) not withdrawn whose lock ends within the window of `asOf` (a timestamptz expression). */
export const maturingFilter = (asOf: SqlFilter) =>
  where`p.plan_type = 'fixed' AND p.plan_state <> 'withdrawn' AND p.lock_period <= ${asOf} + make_interval(days => ${MATURING_WINDOW_DAYS})`;
