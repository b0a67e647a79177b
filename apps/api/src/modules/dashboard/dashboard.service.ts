import type { DashboardCards } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';

export function createDashboardService(db: Db) {
  return {
    /** The four cards, computed from the database; "today" is the UTC calendar day. */
    async cards(): Promise<DashboardCards> {
      const { rows } = await db.$client.query(
        `SELECT
           (SELECT count(*)::int FROM users) AS users,
           (SELECT count(*)::int FROM users WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC') AS daily_signup,
           (SELECT count(*)::int FROM users WHERE kyc_level_two_status = 'approved') AS verified,
           (SELECT coalesce(sum(reward_amount), 0)::text FROM referrals WHERE referral_state = 'paid') AS payout`,
      );
      const r = rows[0];
      return {
        users: r.users,
        dailySignup: r.daily_signup,
        verifiedUsers: r.verified,
        unVerifiedUsers: r.users - r.verified,
        totalReferalPayout: r.payout,
      };
    },
  };
}
