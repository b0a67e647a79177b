import { sql } from 'drizzle-orm';
import type { Tx } from '@vaultdesk/db';
import type { RequestContext } from '../http/context';

export type AuditEntry = {
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
};

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Writes one audit row; call it inside the transaction that makes the change. Through
 * `audit_write()` (migration 0037), the one way the application's database role can add a row:
 * the database sets the time and seals the row into the chain at commit.
 */
export async function writeAudit(tx: Tx, ctx: RequestContext, entry: AuditEntry) {
  await tx.execute(sql`SELECT audit_write(
    ${ctx.actor?.id ?? null}::uuid, ${ctx.actor?.email ?? null}::citext, ${entry.action}::text, ${entry.targetType}::text,
    ${entry.targetId ?? null}::text, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb, ${ctx.ip}::inet,
    ${ctx.longitude}::float8, ${ctx.latitude}::float8, ${ctx.userAgent}::text, ${ctx.requestId ?? null}::text)`);
}
