import { sql } from 'drizzle-orm';
import { ALL_USER_TYPES, REFERRAL_REPORT_PAGE_SIZE, type ReferralReportRow } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { badRequest } from '../../http/errors';
import { pageOffset, pagePayload } from '../../lists/page';
import { dayRange } from '../../queries/day-range';
import { bound } from '../../queries/sql-filter';
import { referralsMadeIn } from './referrals-filters';

type Query = { userType: string; start: string; end?: string; page: number };

export function createReferralsService(db: Db) {
  return {
    async userTypes() {
      const { rows } = await db.execute<{ id: string; name: string }>(
        sql`SELECT id, name::text AS name FROM user_types ORDER BY name LIMIT 500`,
      );
      return { userTypes: rows.map((r) => ({ _id: r.id, name: r.name })) };
    },

    /**
     * Referrers who belong to the user type (or to any user type for 'all'), with their
     * referrals created in [start, end]. The members of a user type are the starting set (an
     * index on user_usertypes), each member's referrals come from the (referrer, created_at)
     * index: the work grows with the members of the type, not with all users.
     */
    async report(q: Query) {
      const end = q.end ?? new Date().toISOString().slice(0, 10);
      const all = q.userType === '' || q.userType.toLowerCase() === ALL_USER_TYPES;
      let typeId: string | null = null;
      if (!all) {
        const {
          rows: [type],
        } = await db.execute<{ id: string }>(sql`SELECT id FROM user_types WHERE name = ${q.userType}`);
        if (!type) throw badRequest('Choose a known user type', { userType: ['No user type with this name'] });
        typeId = type.id;
      }
      const members = all
        ? sql`SELECT DISTINCT user_id FROM user_usertypes`
        : sql`SELECT user_id FROM user_usertypes WHERE user_type_id = ${typeId}`;
      const pageSize = REFERRAL_REPORT_PAGE_SIZE;
      const inRange = bound(referralsMadeIn(dayRange(q.start, end)));
      // Totals and devices come from the referrals index alone; the referred users' KYC state
      // (unverified) and the referrer's name are looked up for the page's rows only.
      const { rows } = await db.execute<{
        id: string;
        username: string;
        email: string;
        total_referred: number;
        unique_device: number;
        unverified: number;
        total_records: number;
      }>(sql`
        WITH m AS (${members}),
        agg AS (
          SELECT r.referrer_id, count(*)::int AS total_referred, count(DISTINCT r.device_serial_number)::int AS unique_device
            FROM m JOIN referrals r ON r.referrer_id = m.user_id
           WHERE ${inRange}
           GROUP BY r.referrer_id
        ),
        page AS (
          SELECT agg.*, count(*) OVER ()::int AS total_records FROM agg
           ORDER BY total_referred DESC, referrer_id
           LIMIT ${pageSize} OFFSET ${pageOffset({ page: q.page, pageSize })}
        )
        SELECT u.id, u.username::text AS username, u.email::text AS email, page.total_referred, page.unique_device, page.total_records,
               (SELECT count(*)::int FROM referrals r JOIN users ru ON ru.id = r.referred_user_id
                 WHERE r.referrer_id = page.referrer_id AND ${inRange}
                   AND ru.kyc_level_two_status IS DISTINCT FROM 'approved') AS unverified
          FROM page JOIN users u ON u.id = page.referrer_id
         ORDER BY page.total_referred DESC, page.referrer_id`);
      let totalRecords = rows[0]?.total_records ?? 0;
      if (!rows.length && q.page > 1) {
        // Past the last page: still tell the client how many rows there are.
        const {
          rows: [n],
        } = await db.execute<{ n: number }>(sql`
          WITH m AS (${members})
          SELECT count(DISTINCT r.referrer_id)::int AS n FROM m JOIN referrals r ON r.referrer_id = m.user_id
           WHERE ${inRange}`);
        totalRecords = n!.n;
      }
      const records: ReferralReportRow[] = rows.map((r) => ({
        _id: r.id,
        username: r.username,
        email: r.email,
        totalReferred: r.total_referred,
        uniqueDevice: r.unique_device,
        unverified: r.unverified,
      }));
      return {
        ...pagePayload({ page: q.page, pageSize }, records, totalRecords, { totalPage: false }),
        userType: all ? ALL_USER_TYPES : q.userType,
        start: q.start,
        end,
      };
    },
  };
}
