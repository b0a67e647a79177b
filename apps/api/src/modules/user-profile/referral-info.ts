import type { Db } from '@vaultdesk/db';
import { range, userIdByUsername, type Row } from './user-profile-shared';

/** A referrer's figures between two days: referrals, unverified ones, distinct devices. */
export async function referralInfo(db: Db, q: { username: string; start: string; end?: string | undefined }) {
  const { from, until } = range(q.start, q.end);
  const referrerId = await userIdByUsername(db, q.username);
  const { rows } = await db.$client.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE referral_state = 'pending')::int AS unverified,
            count(DISTINCT device_serial_number)::int AS devices
       FROM referrals WHERE referrer_id = $1 AND created_at >= $2 AND created_at < $3`,
    [referrerId, from, until],
  );
  const r = rows[0] as Row;
  return {
    totalReferrals: r.total as number,
    unverified: r.unverified as number,
    numOfUniqueDeviceIds: r.devices as number,
  };
}
