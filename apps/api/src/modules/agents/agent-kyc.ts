import { sql } from 'drizzle-orm';
import {
  AGENT_IMAGE_LIMITS,
  AGENT_SELFIE_SIZE,
  SELFIE_SIZE_MESSAGE,
  type AgentIdType,
  type AgentImageKind,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import type { FileStore } from '../../files/file-store';
import { normaliseImage } from '../../images/images';
import { badRequest } from '../../http/errors';
import { KYC_COLUMNS, kycAudit, kycOut, lockAgent, type KycRow } from './agent-rows';

/** An agent's KYC record: its pictures and its store's location. */

const IMAGE_COLUMNS = {
  idcard: { cid: sql`idcard_cid`, key: sql`idcard_key` },
  selfie: { cid: sql`selfie_cid`, key: sql`selfie_key` },
  shop: { cid: sql`shop_cid`, key: sql`shop_key` },
} as const;

/**
 * Stores an agent picture: checked by content and size, re-encoded (metadata stripped),
 * encrypted into the file store, and its address and key recorded on the agent.
 */
export async function uploadAgentImage(
  db: Db,
  files: FileStore,
  userId: string,
  kind: AgentImageKind,
  bytes: Buffer,
  ctx: RequestContext,
  idcardType?: AgentIdType,
) {
  const limit = AGENT_IMAGE_LIMITS[kind];
  const image = normaliseImage(bytes, {
    maxBytes: limit.maxBytes,
    tooLargeMessage: limit.tooLarge,
    field: limit.field,
  });
  if (kind === 'selfie' && (image.width !== AGENT_SELFIE_SIZE || image.height !== AGENT_SELFIE_SIZE)) {
    throw badRequest(SELFIE_SIZE_MESSAGE, { [limit.field]: [SELFIE_SIZE_MESSAGE] });
  }
  // Refused early, before anything is written to the store.
  await db.transaction(async (tx) => {
    await lockAgent(tx, userId);
  });
  const stored = await files.put(image.bytes, {
    contentType: image.contentType,
    permission: 'agents.manage',
    createdBy: ctx.actor?.id ?? null,
  });
  return db.transaction(async (tx) => {
    const before = await lockAgent(tx, userId);
    const col = IMAGE_COLUMNS[kind];
    const {
      rows: [row],
    } = await tx.execute<KycRow>(sql`
      INSERT INTO agent_kyc (user_id, updated_by, ${col.cid}, ${col.key}${kind === 'idcard' ? sql`, idcard_type` : sql``})
      VALUES (${userId}, ${ctx.actor?.id ?? null}, ${stored.cid}, ${stored.key}${kind === 'idcard' ? sql`, ${idcardType ?? null}` : sql``})
      ON CONFLICT (user_id) DO UPDATE SET ${col.cid} = EXCLUDED.${col.cid}, ${col.key} = EXCLUDED.${col.key},
        ${kind === 'idcard' ? sql`idcard_type = EXCLUDED.idcard_type,` : sql``} updated_by = EXCLUDED.updated_by, updated_at = now()
      RETURNING ${KYC_COLUMNS}`);
    await writeAudit(tx, ctx, {
      action: `agent.upload.${kind}`,
      targetType: 'user',
      targetId: userId,
      before: kycAudit(before),
      after: kycAudit(row),
    });
    return { userId, ...kycOut(row!) };
  });
}

export async function updateAgentLocation(db: Db, userId: string, storeState: string, ctx: RequestContext) {
  return db.transaction(async (tx) => {
    const before = await lockAgent(tx, userId);
    const {
      rows: [row],
    } = await tx.execute<KycRow>(sql`
      INSERT INTO agent_kyc (user_id, store_state, updated_by) VALUES (${userId}, ${storeState}, ${ctx.actor?.id ?? null})
      ON CONFLICT (user_id) DO UPDATE SET store_state = EXCLUDED.store_state, updated_by = EXCLUDED.updated_by, updated_at = now()
      RETURNING ${KYC_COLUMNS}`);
    await writeAudit(tx, ctx, {
      action: 'agent.updateLocation',
      targetType: 'user',
      targetId: userId,
      before: kycAudit(before),
      after: kycAudit(row),
    });
    return { userId, ...kycOut(row!) };
  });
}
