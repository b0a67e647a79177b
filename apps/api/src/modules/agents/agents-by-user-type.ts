import { AGENTS_COUNT_CAP, AGENTS_PAGE_SIZE, type AgentRow, type AgentsPage } from '@vaultdesk/contract';
import { named, type Db } from '@vaultdesk/db';
import { badRequest } from '../../http/errors';
import { toIso } from '../../timestamps/iso';
import { pageOffset, pagePayload } from '../../lists/page';
import { kycOut, type KycRow } from './agent-rows';

/**
 * The holders of a type, newest assignment first (index user_usertypes_type_created_idx); the
 * count stops at AGENTS_COUNT_CAP, as deep pages are refused anyway. One named statement (one
 * round trip, one snapshot, planned once per connection): the type by name, the capped count and
 * the page's holders with their KYC. No row means no such type; one row with null holder columns,
 * an empty page. Before, three statements (the type, then the page and the count on two pool
 * connections at once), each planned on every call.
 */
const PAGE = named(`
WITH t AS (
  SELECT id, name::text AS name FROM user_types WHERE name = $1
), c AS (
  SELECT count(*)::int AS n FROM (SELECT 1 FROM user_usertypes WHERE user_type_id = (SELECT id FROM t) LIMIT $4) x
)
SELECT t.name AS type_name, c.n AS total, r.*
  FROM t CROSS JOIN c
  LEFT JOIN LATERAL (
    SELECT u.id, u.username::text AS username, u.email::text AS email, u.full_name, u.profile_url, m.created_at AS assigned_at,
           k.user_id IS NOT NULL AS has_kyc, k.idcard_type, k.idcard_cid, k.idcard_key, k.selfie_cid, k.selfie_key,
           k.shop_cid, k.shop_key, k.store_state, k.updated_at
      FROM (SELECT user_id, created_at FROM user_usertypes WHERE user_type_id = t.id
             ORDER BY created_at DESC, user_id DESC LIMIT $2 OFFSET $3) m
      JOIN users u ON u.id = m.user_id
      LEFT JOIN agent_kyc k ON k.user_id = m.user_id
  ) r ON true
 ORDER BY r.assigned_at DESC, r.id DESC`);

export async function agentsByUserType(db: Db, userType: string, page: number): Promise<AgentsPage> {
  const pageSize = AGENTS_PAGE_SIZE;
  type Row = KycRow & {
    type_name: string;
    total: number;
    id: string | null;
    username: string;
    email: string;
    full_name: string;
    profile_url: string | null;
    assigned_at: Date | string;
    has_kyc: boolean;
  };
  const { rows } = await db.$client.query<Row>({
    ...PAGE,
    values: [userType, pageSize, pageOffset({ page, pageSize }), AGENTS_COUNT_CAP],
  });
  const head = rows[0];
  if (!head) throw badRequest('Choose a known UserType', { userType: ['No UserType with this name'] });
  const totalRecords = head.total;
  const records: AgentRow[] = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      _id: r.id!,
      username: r.username,
      email: r.email,
      fullName: r.full_name,
      profileUrl: r.profile_url,
      userType: head.type_name,
      assignedAt: toIso(r.assigned_at),
      agentKyc: r.has_kyc ? kycOut(r) : null,
    }));
  return pagePayload({ page, pageSize }, records, totalRecords, { records: 'getUserTypes' });
}
