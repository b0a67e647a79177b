import { sql } from 'drizzle-orm';
import { AGENTS_COUNT_CAP, AGENTS_PAGE_SIZE, type AgentRow, type AgentsPage } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { badRequest } from '../../http/errors';
import { toIso } from '../../timestamps/iso';
import { totalPages } from '../../lists/page';
import { kycOut, typeByName, type KycRow } from './agent-rows';

/**
 * The holders of a type, newest assignment first (index user_usertypes_type_created_idx); the
 * count stops at AGENTS_COUNT_CAP, as deep pages are refused anyway.
 */
export async function agentsByUserType(db: Db, userType: string, page: number): Promise<AgentsPage> {
  const type = await typeByName(db, userType);
  if (!type) throw badRequest('Choose a known UserType', { userType: ['No UserType with this name'] });
  const pageSize = AGENTS_PAGE_SIZE;
  type Row = KycRow & {
    id: string;
    username: string;
    email: string;
    full_name: string;
    profile_url: string | null;
    assigned_at: Date | string;
    has_kyc: boolean;
  };
  const [
    { rows },
    {
      rows: [count],
    },
  ] = await Promise.all([
    db.execute<Row>(sql`
      SELECT u.id, u.username::text AS username, u.email::text AS email, u.full_name, u.profile_url, m.created_at AS assigned_at,
             k.user_id IS NOT NULL AS has_kyc, k.idcard_type, k.idcard_cid, k.idcard_key, k.selfie_cid, k.selfie_key,
             k.shop_cid, k.shop_key, k.store_state, k.updated_at
        FROM (SELECT user_id, created_at FROM user_usertypes WHERE user_type_id = ${type.id}
               ORDER BY created_at DESC, user_id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}) m
        JOIN users u ON u.id = m.user_id
        LEFT JOIN agent_kyc k ON k.user_id = m.user_id
       ORDER BY m.created_at DESC, m.user_id DESC`),
    db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM user_usertypes WHERE user_type_id = ${type.id} LIMIT ${AGENTS_COUNT_CAP}) x`),
  ]);
  const totalRecords = count!.n;
  const records: AgentRow[] = rows.map((r) => ({
    _id: r.id,
    username: r.username,
    email: r.email,
    fullName: r.full_name,
    profileUrl: r.profile_url,
    userType: type.name,
    assignedAt: toIso(r.assigned_at),
    agentKyc: r.has_kyc ? kycOut(r) : null,
  }));
  return {
    getUserTypes: records,
    currentPage: page,
    totalRecords,
    pageSize,
    totalPage: totalPages(totalRecords, pageSize),
  };
}
