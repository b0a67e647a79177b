import { sql } from 'drizzle-orm';
import {
  APPROVAL_COOLING_OFF_DAYS,
  APPROVAL_KIND_KEYS,
  APPROVAL_KINDS,
  type ApprovalPolicy,
  type ApprovalPolicyVersion,
} from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';

type Row = { id: string; policy: ApprovalPolicy; changed_by_email: string | null; created_at: Date | string };
/** A policy stored before a field existed reads with that field's default. */
const normalised = (p: Partial<ApprovalPolicy> & Omit<ApprovalPolicy, 'coolingOffDays'>): ApprovalPolicy => ({
  ...p,
  coolingOffDays: p.coolingOffDays ?? APPROVAL_COOLING_OFF_DAYS,
});
const out = (r: Row): ApprovalPolicyVersion => ({
  _id: String(r.id),
  policy: normalised(r.policy),
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

/** Whether any kind of the policy holds anything back. */
export const anyKindOn = (p: ApprovalPolicy) =>
  APPROVAL_KIND_KEYS.some((k) => {
    const rule = p[k];
    return 'required' in rule ? rule.required : rule.thresholdUsd !== null;
  });

/** Whether a money threshold is on: then prices and money permissions are held back too. */
export const moneyThresholdOn = (p: ApprovalPolicy) =>
  p.remitFunds.thresholdUsd !== null || p.withdrawalOut.thresholdUsd !== null;

/** a > b for amounts as text (thresholds are at most 20 digits and 18 decimals: exact in BigInt). */
const SCALE = 18;
const units = (v: string) => {
  const [whole, frac = ''] = v.split('.');
  return BigInt(whole!) * 10n ** BigInt(SCALE) + BigInt(frac.padEnd(SCALE, '0') || '0');
};

/**
 * What a new policy weakens compared with the one in force, in words (empty: it only
 * strengthens or changes nothing): a threshold raised or removed, a kind switched off, a longer
 * expiry, a shorter cooling-off.
 */
export function weakenings(before: ApprovalPolicy, after: ApprovalPolicy): string[] {
  const out: string[] = [];
  for (const k of APPROVAL_KIND_KEYS) {
    const was = before[k];
    const now = after[k];
    const label = APPROVAL_KINDS[k].label;
    if ('required' in was && 'required' in now) {
      if (was.required && !now.required) out.push(`${label} switched off`);
    } else if ('thresholdUsd' in was && 'thresholdUsd' in now && was.thresholdUsd !== null) {
      if (now.thresholdUsd === null) out.push(`${label} threshold removed`);
      else if (units(now.thresholdUsd) > units(was.thresholdUsd))
        out.push(`${label} threshold raised from ${was.thresholdUsd} to ${now.thresholdUsd} USD`);
    }
  }
  if (after.expiryHours > before.expiryHours)
    out.push(`expiry longer (${before.expiryHours} to ${after.expiryHours} hours)`);
  if (after.coolingOffDays < before.coolingOffDays)
    out.push(`cooling-off shorter (${before.coolingOffDays} to ${after.coolingOffDays} days)`);
  return out;
}

/** While any kind is on, a change that weakens the policy waits for a second approver (whatever the settings kind says). */
export const policyChangeHeld = (before: ApprovalPolicy, after: ApprovalPolicy) =>
  anyKindOn(before) && weakenings(before, after).length > 0;

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

    /**
     * `direct`: the call comes straight from the route (the gate let it through), so it must
     * still not weaken the policy in force now: a change approved meanwhile may have tightened it.
     */
    async update(policy: ApprovalPolicy, ctx: RequestContext, opts: { direct?: boolean } = {}) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('vaultdesk.approval-policy'))`);
        const before = await currentPolicy(tx);
        if (opts.direct && policyChangeHeld(before.policy, policy))
          throw conflict('The approval policy changed while this was sent: load it again and send the change again');
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
