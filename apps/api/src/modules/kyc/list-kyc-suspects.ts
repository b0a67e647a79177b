import { sql } from 'drizzle-orm';
import { KYC_SUSPECT_FIELDS, type KycSuspectField, type KycSuspects } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { pageOffset, pagePayload } from '../../lists/page';
import { isoSql as ISO } from '../../timestamps/iso';
import { rows } from './kyc-shared';

const SUSPECT_COLUMNS: Record<KycSuspectField, string> = {
  phoneNumber: 'phone_number',
  idcardNumber: 'idcard_number',
  deviceId: 'device_id',
};

/** The records sharing a phone number, an ID card number or a device with the one asked, one page. */
export async function listKycSuspects(
  db: Db,
  q: { page: number; pageSize: number } & Partial<Record<KycSuspectField, string>>,
): Promise<KycSuspects> {
  const field = KYC_SUSPECT_FIELDS.find((f) => q[f])!;
  const col = sql.raw(`k.${SUSPECT_COLUMNS[field]}`);
  const value = q[field]!;
  // One statement: the count, and the page's keys found on the value's (value, created_at,
  // id) index alone (index-only, so a deep page of a device behind thousands of accounts skips
  // index entries, not rows and their users), then only those rows read and joined.
  const all = await rows<{
    n: number;
    id: string | null;
    user_id: string;
    username: string;
    email: string;
    full_name: string;
    first_name: string;
    last_name: string;
    phone_number: string | null;
    idcard_number: string | null;
    device_id: string | null;
    level_two_status: string | null;
    created_at: string;
  }>(
    db,
    sql`
    WITH page AS (
      SELECT k.id, k.created_at FROM kyc_records k WHERE ${col} = ${value}
       ORDER BY k.created_at DESC, k.id LIMIT ${q.pageSize} OFFSET ${pageOffset(q)}
    )
    SELECT (SELECT count(*)::int FROM kyc_records k WHERE ${col} = ${value}) AS n, r.* FROM (SELECT 1) one LEFT JOIN LATERAL (
      SELECT k.id, k.user_id, u.username, u.email, u.full_name, k.first_name, k.last_name, k.phone_number, k.idcard_number,
             k.device_id, k.level_two_status, ${ISO('k.created_at')} AS created_at, page.created_at AS sort_at
        FROM page JOIN kyc_records k ON k.id = page.id JOIN users u ON u.id = k.user_id
    ) r ON true
    ORDER BY r.sort_at DESC, r.id`,
  );
  const c = { n: all[0]?.n ?? 0 };
  const found = all.flatMap((r) => (r.id === null ? [] : [{ ...r, id: r.id }]));
  const records = found.map((r) => ({
    _id: r.id,
    userId: { _id: r.user_id, username: r.username, email: r.email, fullName: r.full_name },
    firstName: r.first_name,
    lastName: r.last_name,
    phoneNumber: r.phone_number,
    idcardNumber: r.idcard_number,
    deviceId: r.device_id,
    levelTwoStatus: r.level_two_status,
    createdAt: r.created_at,
  }));
  return pagePayload(q, records, c.n);
}
