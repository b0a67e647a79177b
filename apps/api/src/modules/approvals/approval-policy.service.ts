import { sql } from 'drizzle-orm';
import type { ApprovalPolicy, ApprovalPolicyVersion } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';

type Row = { id: string; policy: ApprovalPolicy; changed_by_email: string | null; created_at: Date | string };
const out = (r: Row): ApprovalPolicyVersion => ({
  _id: String(r.id),
  policy: r.policy,
  updatedBy: r.changed_by_email,
  updatedAt: new Date(r.created_at).toISOString(),
});
const NEWEST = sql`SELECT id, policy, changed_by_email, created_at FROM approval_policy_versions ORDER BY created_at DESC, id DESC`;

/** The policy in force: the newest version (migration 0027 keeps one, every kind off). */
export async function currentPolicy(q: Db | Tx): Promise<ApprovalPolicyVersion> {
  const {
    rows: [row],
  } = await q.execute<Row>(sql`${NEWEST} LIMIT 1`);
  return out(row!);
}

/**
 * The approval policy, part of the internal settings and versioned like them: each change is a
 * new row with who and when, the old ones stay as history.
 */
export function createApprovalPolicyService(db: Db) {
  return {
    current: () => currentPolicy(db),

    async history(limit = 20) {
      const { rows } = await db.execute<Row>(sql`${NEWEST} LIMIT ${limit}`);
      return { records: rows.map(out) };
    },

    async update(policy: ApprovalPolicy, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('vaultdesk.approval-policy'))`);
        const before = await currentPolicy(tx);
        const {
          rows: [row],
        } = await tx.execute<Row>(sql`
          INSERT INTO approval_policy_versions (policy, changed_by, changed_by_email, created_at)
          VALUES (${JSON.stringify(policy)}::jsonb, ${ctx.actor?.id ?? null}, ${ctx.actor?.email ?? null},
                  greatest(clock_timestamp(), ${before.updatedAt}::timestamptz + interval '1 microsecond'))
          RETURNING id, policy, changed_by_email, created_at`);
        await writeAudit(tx, ctx, {
          action: 'approval-policy.update',
          targetType: 'approval_policy',
          targetId: String(row!.id),
          before: before.policy,
          after: policy,
        });
        return out(row!);
      });
    },
  };
}
