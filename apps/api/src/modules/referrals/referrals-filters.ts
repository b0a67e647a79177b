/** The referral report's range, written once for its list call (referrals.service.ts) and its export (referrals.exports.ts). */
import { where } from '../../queries/sql-filter';

/** Referrals (alias r) made in `[lo, hi)`. */
export const referralsMadeIn = (range: { lo: string; hi: string }) =>
  where`r.created_at >= ${range.lo}::timestamptz AND r.created_at < ${range.hi}::timestamptz`;
