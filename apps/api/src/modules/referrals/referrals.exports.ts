/**
 * The referral report's export: every referrer of the user type (every page), from the same
 * range filter as its list call, registered with the worker's export job by kind.
 */
import type { ExportQueries } from '@vaultdesk/worker';
import { paramRange } from '../../queries/export-params';
import { inlined } from '../../queries/sql-filter';
import { referralsMadeIn } from './referrals-filters';

export const REFERRALS_EXPORTS = {
  'referral-report': (p, lit) => {
    const all = p.userType === undefined || p.userType === '' || String(p.userType).toLowerCase() === 'all';
    const members = all
      ? 'SELECT DISTINCT user_id FROM user_usertypes'
      : `SELECT uu.user_id FROM user_usertypes uu JOIN user_types ty ON ty.id = uu.user_type_id WHERE ty.name = ${lit(String(p.userType))}`;
    return `WITH m AS (${members}),
            agg AS (SELECT r.referrer_id, count(*) AS total_referred, count(DISTINCT r.device_serial_number) AS unique_device,
                           count(*) FILTER (WHERE ru.kyc_level_two_status IS DISTINCT FROM 'approved') AS unverified
                      FROM m JOIN referrals r ON r.referrer_id = m.user_id JOIN users ru ON ru.id = r.referred_user_id
                     WHERE ${inlined(referralsMadeIn(paramRange(p)), lit)}
                     GROUP BY r.referrer_id)
            SELECT u.id, u.username::text AS username, u.email::text AS email, agg.total_referred AS "totalReferred",
                   agg.unique_device AS "uniqueDevice", agg.unverified, greatest(0, agg.total_referred - agg.unique_device) AS fake
              FROM agg JOIN users u ON u.id = agg.referrer_id
             ORDER BY agg.total_referred DESC, agg.referrer_id`;
  },
} satisfies ExportQueries;
