import { REFERRAL_PAGE_SIZE } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { pageOffset, pagePayload } from '../../lists/page';
import { isoReq, range, userIdByUsername, type Row } from './user-profile-shared';

/** One page of the customers a referrer brought in between two days, newest first. */
export async function listReferredUsers(
  db: Db,
  q: { username: string; start: string; end?: string | undefined; page: number },
) {
  const { from, until } = range(q.start, q.end);
  const page = { page: q.page, pageSize: REFERRAL_PAGE_SIZE };
  const referrerId = await userIdByUsername(db, q.username);
  // One referrer's referrals in a range of days: OFFSET and count over that range of one referrer.
  const [list, total] = await Promise.all([
    db.$client.query(
      `SELECT r.referral_state, r.created_at, r.device_serial_number, u.id, u.username::text AS username, u.email::text AS email
         FROM referrals r JOIN users u ON u.id = r.referred_user_id
        WHERE r.referrer_id = $1 AND r.created_at >= $2 AND r.created_at < $3
        ORDER BY r.created_at DESC, r.id DESC LIMIT $4 OFFSET $5`,
      [referrerId, from, until, REFERRAL_PAGE_SIZE, pageOffset(page)],
    ),
    db.$client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM referrals WHERE referrer_id = $1 AND created_at >= $2 AND created_at < $3',
      [referrerId, from, until],
    ),
  ]);
  const records = list.rows.map((r: Row) => ({
    refferalState: r.referral_state as string,
    userIdUsedRef: {
      _id: r.id as string,
      username: r.username as string,
      email: r.email as string,
      deviceSerialNumber: (r.device_serial_number as string | null) ?? null,
    },
    createdAt: isoReq(r.created_at),
  }));
  return pagePayload(page, records, total.rows[0]!.n, { totalPage: false, pageSize: false });
}
