import { sql } from 'drizzle-orm';
import type { CustomerProfile } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { AppError, badRequest } from '../../http/errors';
import { offsetPage } from '../../lists/page';
import { toIso } from '../../timestamps/iso';

export type Row = Record<string, unknown>;
/** Rows read through node-postgres: times come as `Date`s. */
export const iso = (v: unknown) => toIso(v as Date | string | null | undefined);
export const isoReq = (v: unknown) => iso(v) ?? '';
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/** The one profile query: details, role, referral count and referrer in one round trip. */
export const PROFILE_SQL = `
  SELECT u.id, u.full_name, u.email::text AS email, u.username::text AS username, u.phone_no, u.created_at, u.profile_url,
         u.has_completed_profile, u.deactivated, u.enabled_two_factor, u.is_staff, u.kyc_level_two_status,
         u.kyc_level_three_status, u.trust_score, u.registration_device_details, u.registration_coordinates,
         u.last_login_at, u.last_login_location, cr.id AS role_id, cr.title AS role_title,
         (SELECT count(*)::int FROM referrals r WHERE r.referrer_id = u.id) AS referral_count,
         (SELECT ref.username::text FROM users ref WHERE ref.id = u.referee_id) AS referee_name
    FROM users u
    -- No role stored means the product's default, which follows is_staff.
    LEFT JOIN customer_roles cr ON cr.id = coalesce(u.role_id,
      (SELECT id FROM customer_roles WHERE slug = CASE WHEN u.is_staff THEN 'staff' ELSE 'user' END))
   WHERE u.id = $1`;

export function toProfile(r: Row, withDevices: boolean): CustomerProfile {
  const profile: CustomerProfile = {
    _id: r.id as string,
    fullName: r.full_name as string,
    email: r.email as string,
    username: r.username as string,
    phoneNo: (r.phone_no as string | null) ?? null,
    createdAt: isoReq(r.created_at),
    profileUrl: (r.profile_url as string | null) ?? null,
    hasCompletedProfile: r.has_completed_profile as boolean,
    deactivated: r.deactivated as boolean,
    enabledTwoFactor: r.enabled_two_factor as boolean,
    isStaff: r.is_staff as boolean,
    role: {
      _id: (r.role_id as string | null) ?? null,
      title: (r.role_title as string | null) ?? (r.is_staff ? 'Staff' : 'User'),
    },
    kycLevelTwoStatus: (r.kyc_level_two_status as string | null) ?? null,
    kycLevelThreeStatus: (r.kyc_level_three_status as string | null) ?? null,
    trustScore: r.trust_score as number,
    referralCount: r.referral_count as number,
    refereeName: (r.referee_name as string | null) ?? null,
  };
  if (withDevices) {
    profile.registrationDeviceDetails =
      (r.registration_device_details as CustomerProfile['registrationDeviceDetails']) ?? null;
    profile.registrationCoordinates =
      (r.registration_coordinates as CustomerProfile['registrationCoordinates']) ?? null;
  }
  return profile;
}

/** YYYY/MM/DD to the UTC instants [start of start day, start of the day after end). */
export function range(start: string, end: string | undefined) {
  const from = new Date(start.replace(/\//g, '-') + 'T00:00:00Z');
  const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
  const to = end ? new Date(end.replace(/\//g, '-') + 'T00:00:00Z') : today;
  if (from > to) throw badRequest('start must not be after end', { start: ['start must not be after end'] });
  if (to > today) throw badRequest('end must not be after today', { end: ['end must not be after today'] });
  return { from, until: new Date(to.getTime() + 86_400_000) };
}

export async function userIdByUsername(db: Db, username: string) {
  const { rows } = await db.$client.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [username]);
  if (!rows[0]) throw notFound('User');
  return rows[0].id;
}

export async function lockedProfileRow(tx: Tx, userId: string) {
  const { rows } = await tx.execute(
    sql`SELECT id, trust_score, enabled_two_factor, is_staff, role_id FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  if (!rows[0]) throw notFound('User');
  return rows[0] as {
    id: string;
    trust_score: number;
    enabled_two_factor: boolean;
    is_staff: boolean;
    role_id: string | null;
  };
}

/** Called only when a list of the customer's came back empty: an unknown customer is a 404, not an empty list. */
export async function profileExists(db: Db, userId: string) {
  const { rows } = await db.$client.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  if (!rows[0]) throw notFound('User');
}

/**
 * One page of a customer's records in a per-customer table (newest first) with their count:
 * bounded by one customer's rows, so OFFSET and count are fine here. An empty page of an unknown
 * customer is a 404.
 */
export async function recordsPage<T>(
  db: Db,
  table: 'wallet_transactions' | 'savings_transactions',
  columns: string,
  userId: string,
  page: number,
  pageSize: number,
  map: (r: Row) => T,
) {
  const found = await offsetPage(
    { page, pageSize },
    {
      rows: async (limit, offset) =>
        (
          await db.$client.query(
            `SELECT ${columns} FROM ${table} WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
            [userId, limit, offset],
          )
        ).rows.map(map),
      count: async () =>
        (await db.$client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [userId]))
          .rows[0]!.n,
    },
    { totalPage: false },
  );
  if (!found.totalRecords) await profileExists(db, userId);
  return found;
}
