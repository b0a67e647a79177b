import { sql } from 'drizzle-orm';
import {
  AGENT_IMAGE_LIMITS, AGENT_SELFIE_SIZE, AGENTS_COUNT_CAP, AGENTS_PAGE_SIZE, SELFIE_SIZE_MESSAGE,
  type AgentIdType, type AgentImageKind, type AgentKyc, type AgentRow, type AgentsPage, type UserType,
} from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import type { FileStore } from '../../files/file-store';
import { normaliseImage } from '../../images/images';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../http/errors';
import { toIso } from '../../timestamps/iso';
import { totalPages } from '../../lists/page';

const isForeignKeyViolation = (e: unknown) => (e as { code?: string })?.code === '23503' || (e as { cause?: { code?: string } })?.cause?.code === '23503';

const typeTaken = () => conflict('A UserType with this name already exists');
const typeNotFound = () => new AppError('NOT_FOUND', 'UserType not found');
const userNotFound = () => new AppError('NOT_FOUND', 'No user with this email');
const unknownType = () => badRequest('Choose a known UserType', { usertype: ['No UserType with this name'] });

type TypeRow = { id: string; name: string; created_at: Date | string };
const typeOut = (r: TypeRow): UserType => ({ _id: r.id, name: r.name, createdAt: toIso(r.created_at) });

type KycRow = {
  idcard_type: string | null; idcard_cid: string | null; idcard_key: string | null; selfie_cid: string | null; selfie_key: string | null;
  shop_cid: string | null; shop_key: string | null; store_state: string | null; updated_at: Date | string | null;
};
const kycOut = (r: KycRow): AgentKyc => ({
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
const kycAudit = (r: KycRow | undefined) =>
  r ? { idcardType: r.idcard_type, idCardImageUrl: r.idcard_cid, shopImageUrl: r.shop_cid, shopOwnerSelfieUrl: r.selfie_cid, storeState: r.store_state } : null;
const KYC_COLUMNS = sql`idcard_type, idcard_cid, idcard_key, selfie_cid, selfie_key, shop_cid, shop_key, store_state, updated_at`;

const IMAGE_COLUMNS = {
  idcard: { cid: sql`idcard_cid`, key: sql`idcard_key` },
  selfie: { cid: sql`selfie_cid`, key: sql`selfie_key` },
  shop: { cid: sql`shop_cid`, key: sql`shop_key` },
} as const;

/** Agent KYC may be recorded only for a customer who holds a user type (an agent). */
async function lockAgent(tx: Tx, userId: string) {
  const { rows: [user] } = await tx.execute<{ id: string; agent: boolean }>(sql`
    SELECT u.id, EXISTS (SELECT 1 FROM user_usertypes m WHERE m.user_id = u.id) AS agent FROM users u WHERE u.id = ${userId} FOR UPDATE`);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  if (!user.agent) throw conflict('This user is not an agent: assign a UserType first');
  const { rows: [before] } = await tx.execute<KycRow>(sql`SELECT ${KYC_COLUMNS} FROM agent_kyc WHERE user_id = ${userId}`);
  return before;
}

export function createAgentsService(db: Db, files: FileStore) {
  async function typeByName(tx: Tx | Db, name: string) {
    const { rows: [row] } = await tx.execute<TypeRow>(sql`SELECT id, name::text AS name, created_at FROM user_types WHERE name = ${name}`);
    return row;
  }

  /** The customer an assign or remove names (404 if none): the e-mail arrives trimmed and lowercased. */
  async function userByEmail(tx: Tx, email: string) {
    const { rows: [user] } = await tx.execute<{ id: string; email: string; username: string }>(sql`
      SELECT id, email::text AS email, username::text AS username FROM users WHERE email = ${email}`);
    if (!user) throw userNotFound();
    return user;
  }

  return {
    async listTypes() {
      // A handful of types in practice; the cap keeps a runaway table from filling the page.
      const { rows } = await db.execute<TypeRow>(sql`SELECT id, name::text AS name, created_at FROM user_types ORDER BY name LIMIT 500`);
      return { userTypes: rows.map(typeOut) };
    },

    async addType(name: string, ctx: RequestContext) {
      try {
        return await db.transaction(async (tx) => {
          const { rows: [row] } = await tx.execute<TypeRow>(sql`
            INSERT INTO user_types (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING RETURNING id, name::text AS name, created_at`);
          if (!row) throw typeTaken();
          await writeAudit(tx, ctx, { action: 'userType.create', targetType: 'user_type', targetId: row.id, after: { name: row.name } });
          return typeOut(row);
        });
      } catch (e) {
        if (isUniqueViolation(e, 'user_types_name_unique')) throw typeTaken();
        throw e;
      }
    },

    async renameType(id: string, name: string, ctx: RequestContext) {
      try {
        return await db.transaction(async (tx) => {
          const { rows: [before] } = await tx.execute<TypeRow>(sql`SELECT id, name::text AS name, created_at FROM user_types WHERE id = ${id} FOR UPDATE`);
          if (!before) throw typeNotFound();
          const { rows: [row] } = await tx.execute<TypeRow>(sql`
            UPDATE user_types SET name = ${name} WHERE id = ${id} RETURNING id, name::text AS name, created_at`);
          await writeAudit(tx, ctx, { action: 'userType.update', targetType: 'user_type', targetId: id, before: { name: before.name }, after: { name: row!.name } });
          return typeOut(row!);
        });
      } catch (e) {
        if (isUniqueViolation(e, 'user_types_name_unique')) throw typeTaken();
        throw e;
      }
    },

    /** A type still held by users is not deleted: its agents are removed from it first. */
    async deleteType(id: string, ctx: RequestContext) {
      try {
        return await db.transaction(async (tx) => {
          const { rows: [before] } = await tx.execute<TypeRow>(sql`SELECT id, name::text AS name, created_at FROM user_types WHERE id = ${id} FOR UPDATE`);
          if (!before) throw typeNotFound();
          const { rows: [held] } = await tx.execute<{ n: number }>(sql`
            SELECT count(*)::int AS n FROM (SELECT 1 FROM user_usertypes WHERE user_type_id = ${id} LIMIT 1) x`);
          if (held!.n > 0) throw conflict(`UserType ${before.name} is still held by users: remove them as agents first`);
          await tx.execute(sql`DELETE FROM user_types WHERE id = ${id}`);
          await writeAudit(tx, ctx, { action: 'userType.delete', targetType: 'user_type', targetId: id, before: { name: before.name } });
          return { _id: id };
        });
      } catch (e) {
        // An assignment committed between the check and the delete.
        if (isForeignKeyViolation(e)) throw conflict('UserType is still held by users: remove them as agents first');
        throw e;
      }
    },

    async assign(email: string, usertype: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const type = await typeByName(tx, usertype);
        if (!type) throw unknownType();
        const user = await userByEmail(tx, email);
        const { rows: [row] } = await tx.execute<{ user_id: string }>(sql`
          INSERT INTO user_usertypes (user_id, user_type_id) VALUES (${user.id}, ${type.id}) ON CONFLICT DO NOTHING RETURNING user_id`);
        if (!row) throw conflict(`This user is already ${type.name}`);
        await writeAudit(tx, ctx, { action: 'agent.assignUserType', targetType: 'user', targetId: user.id, after: { email: user.email, usertype: type.name } });
        return { _id: user.id, email: user.email, username: user.username, usertype: type.name };
      });
    },

    /** Removes the type from the user; the agent's KYC pictures are kept as records. */
    async remove(email: string, usertype: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const type = await typeByName(tx, usertype);
        if (!type) throw unknownType();
        const user = await userByEmail(tx, email);
        const { rows: [row] } = await tx.execute<{ user_id: string }>(sql`
          DELETE FROM user_usertypes WHERE user_id = ${user.id} AND user_type_id = ${type.id} RETURNING user_id`);
        if (!row) throw conflict(`This user is not ${type.name}`);
        await writeAudit(tx, ctx, { action: 'agent.removeUserType', targetType: 'user', targetId: user.id, before: { email: user.email, usertype: type.name } });
        return { _id: user.id, email: user.email, username: user.username, usertype: type.name };
      });
    },

    /**
     * Stores an agent picture: checked by content and size, re-encoded (metadata stripped),
     * encrypted into the file store, and its address and key recorded on the agent.
     */
    async uploadImage(userId: string, kind: AgentImageKind, bytes: Buffer, ctx: RequestContext, idcardType?: AgentIdType) {
      const limit = AGENT_IMAGE_LIMITS[kind];
      const image = normaliseImage(bytes, { maxBytes: limit.maxBytes, tooLargeMessage: limit.tooLarge, field: limit.field });
      if (kind === 'selfie' && (image.width !== AGENT_SELFIE_SIZE || image.height !== AGENT_SELFIE_SIZE)) {
        throw badRequest(SELFIE_SIZE_MESSAGE, { [limit.field]: [SELFIE_SIZE_MESSAGE] });
      }
      // Refused early, before anything is written to the store.
      await db.transaction(async (tx) => { await lockAgent(tx, userId); });
      const stored = await files.put(image.bytes, { contentType: image.contentType, permission: 'agents.manage', createdBy: ctx.actor?.id ?? null });
      return db.transaction(async (tx) => {
        const before = await lockAgent(tx, userId);
        const col = IMAGE_COLUMNS[kind];
        const { rows: [row] } = await tx.execute<KycRow>(sql`
          INSERT INTO agent_kyc (user_id, updated_by, ${col.cid}, ${col.key}${kind === 'idcard' ? sql`, idcard_type` : sql``})
          VALUES (${userId}, ${ctx.actor?.id ?? null}, ${stored.cid}, ${stored.key}${kind === 'idcard' ? sql`, ${idcardType ?? null}` : sql``})
          ON CONFLICT (user_id) DO UPDATE SET ${col.cid} = EXCLUDED.${col.cid}, ${col.key} = EXCLUDED.${col.key},
            ${kind === 'idcard' ? sql`idcard_type = EXCLUDED.idcard_type,` : sql``} updated_by = EXCLUDED.updated_by, updated_at = now()
          RETURNING ${KYC_COLUMNS}`);
        await writeAudit(tx, ctx, { action: `agent.upload.${kind}`, targetType: 'user', targetId: userId, before: kycAudit(before), after: kycAudit(row) });
        return { userId, ...kycOut(row!) };
      });
    },

    async updateLocation(userId: string, storeState: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const before = await lockAgent(tx, userId);
        const { rows: [row] } = await tx.execute<KycRow>(sql`
          INSERT INTO agent_kyc (user_id, store_state, updated_by) VALUES (${userId}, ${storeState}, ${ctx.actor?.id ?? null})
          ON CONFLICT (user_id) DO UPDATE SET store_state = EXCLUDED.store_state, updated_by = EXCLUDED.updated_by, updated_at = now()
          RETURNING ${KYC_COLUMNS}`);
        await writeAudit(tx, ctx, { action: 'agent.updateLocation', targetType: 'user', targetId: userId, before: kycAudit(before), after: kycAudit(row) });
        return { userId, ...kycOut(row!) };
      });
    },

    /**
     * The holders of a type, newest assignment first (index user_usertypes_type_created_idx); the
     * count stops at AGENTS_COUNT_CAP, as deep pages are refused anyway.
     */
    async byUserType(userType: string, page: number): Promise<AgentsPage> {
      const type = await typeByName(db, userType);
      if (!type) throw badRequest('Choose a known UserType', { userType: ['No UserType with this name'] });
      const pageSize = AGENTS_PAGE_SIZE;
      type Row = KycRow & { id: string; username: string; email: string; full_name: string; profile_url: string | null; assigned_at: Date | string; has_kyc: boolean };
      const [{ rows }, { rows: [count] }] = await Promise.all([
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
        _id: r.id, username: r.username, email: r.email, fullName: r.full_name, profileUrl: r.profile_url, userType: type.name,
        assignedAt: toIso(r.assigned_at), agentKyc: r.has_kyc ? kycOut(r) : null,
      }));
      return { getUserTypes: records, currentPage: page, totalRecords, pageSize, totalPage: totalPages(totalRecords, pageSize) };
    },
  };
}
