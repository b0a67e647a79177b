import { schema, type Tx } from '@vaultdesk/db';
import type { RequestContext } from '../http/context';

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
};

/** Writes one audit row; call it inside the transaction that makes the change. */
export async function writeAudit(tx: Tx, ctx: RequestContext, entry: AuditEntry) {
  await tx.insert(schema.auditLog).values({
    actorId: ctx.actor?.id ?? null,
    actorEmail: ctx.actor?.email ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: ctx.ip,
    longitude: ctx.longitude,
    latitude: ctx.latitude,
    userAgent: ctx.userAgent,
  });
}
