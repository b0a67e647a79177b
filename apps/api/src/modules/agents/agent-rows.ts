import { sql } from 'drizzle-orm';
import type { AgentKyc, UserType } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { AppError, badRequest, conflict } from '../../http/errors';
import { toIso } from '../../timestamps/iso';

/** What the agent operations share: the user type and agent KYC rows, their views, and the lookups that lock them. */

export const unknownType = () => badRequest('Choose a known UserType', { usertype: ['No UserType with this name'] });

export type TypeRow = { id: string; name: string; created_at: Date | string };
export const typeOut = (r: TypeRow): UserType => ({ _id: r.id, name: r.name, createdAt: toIso(r.created_at) });

export type KycRow = {
  idcard_type: string | null;
  idcard_cid: string | null;
  idcard_key: string | null;
  selfie_cid: string | null;
  selfie_key: string | null;
  shop_cid: string | null;
  shop_key: string | null;
  store_state: string | null;
  updated_at: Date | string | null;
};
export const kycOut = (r: KycRow): AgentKyc => ({
  idcardType: r.idcard_type,
  idCardImageUrl: r.idcard_cid,
  idCardEncryptKey: r.idcard_key,
  shopImageUrl: r.shop_cid,
  shopImageEncryptKey: r.shop_key,
  shopOwnerSelfieUrl: r.selfie_cid,
  shopOwnerSelfieEncryptKey: r.selfie_key,
  storeState: r.store_state,
  updatedAt: r.updated_at ? toIso(r.updated_at) : null,
});
/** What the audit trail keeps of an agent's KYC: the addresses, never the keys. */
export const kycAudit = (r: KycRow | undefined) =>
  r
    ? {
        idcardType: r.idcard_type,
        idCardImageUrl: r.idcard_cid,
        shopImageUrl: r.shop_cid,
        shopOwnerSelfieUrl: r.selfie_cid,
        storeState: r.store_state,
      }
    : null;
export const KYC_COLUMNS = sql`idcard_type, idcard_cid, idcard_key, selfie_cid, selfie_key, shop_cid, shop_key, store_state, updated_at`;

export async function typeByName(tx: Tx | Db, name: string) {
  const {
    rows: [row],
  } = await tx.execute<TypeRow>(sql`SELECT id, name::text AS name, created_at FROM user_types WHERE name = ${name}`);
  return row;
}

/** Agent KYC may be recorded only for a customer who holds a user type (an agent). */
export async function lockAgent(tx: Tx, userId: string) {
  const {
    rows: [user],
  } = await tx.execute<{ id: string; agent: boolean }>(sql`
    SELECT u.id, EXISTS (SELECT 1 FROM user_usertypes m WHERE m.user_id = u.id) AS agent FROM users u WHERE u.id = ${userId} FOR UPDATE`);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  if (!user.agent) throw conflict('This user is not an agent: assign a UserType first');
  const {
    rows: [before],
  } = await tx.execute<KycRow>(sql`SELECT ${KYC_COLUMNS} FROM agent_kyc WHERE user_id = ${userId}`);
  return before;
}
