import { sql } from 'drizzle-orm';
import type { RejectedKycRecord } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { isoSql as ISO } from '../../timestamps/iso';
import { rows } from './kyc-shared';

/** A customer's rejections and escalations, newest first (the last 100). */
export async function rejectedKycHistory(db: Db, userId: string): Promise<{ records: RejectedKycRecord[] }> {
  const found = await rows<{
    id: string;
    to_status: string;
    staff_email: string | null;
    created_at: string;
    reason: string | null;
    message: string | null;
  }>(
    db,
    sql`
    SELECT id::text AS id, to_status, staff_email, ${ISO('created_at')} AS created_at, reason, message
      FROM kyc_history WHERE user_id = ${userId} AND to_status IN ('rejected', 'escalated')
     ORDER BY created_at DESC, id DESC LIMIT 100`,
  );
  return {
    records: found.map((r) => ({
      _id: r.id,
      status: r.to_status,
      rejectedBy: r.staff_email,
      rejectionTime: r.created_at,
      levelTwoRejectionReason: r.reason,
      levelTwoRejectionMessage: r.message,
    })),
  };
}
