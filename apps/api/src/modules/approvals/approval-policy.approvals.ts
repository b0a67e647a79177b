import { sql } from 'drizzle-orm';
import type { ApprovalPolicy } from '@vaultdesk/contract';
import type { Tx } from '@vaultdesk/db';
import { oneRow, over, type AreaApprovals } from './approval-actions';
import { createApprovalPolicyService, currentPolicy, policyChangeHeld, weakenings } from './approval-policy.service';

async function policyVersion(q: Tx) {
  const r = await oneRow<{ id: string }>(
    q,
    sql`SELECT id::text AS id FROM approval_policy_versions ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return r?.id ?? null;
}

/** The approval policy's own change (the policy is part of the internal settings). */
export const APPROVAL_POLICY_APPROVALS: AreaApprovals = () => ({
  'approval-policy.update': {
    kind: 'settings',
    permission: 'settings.manage',
    // Weakening waits for a second approver while any kind is on, whatever the settings kind
    // says; a change that only strengthens applies at once.
    decide: async (_q, { body }, policy) => policyChangeHeld(policy, body as ApprovalPolicy),
    summary: async (q, { body }) => {
      const weaker = weakenings((await currentPolicy(q)).policy, body as ApprovalPolicy);
      return `Set the approval policy: ${JSON.stringify(body)}${weaker.length ? ` (weakens it: ${weaker.join('; ')})` : ''}`;
    },
    snapshot: async (q) => ({ 'the approval policy version': await policyVersion(q) }),
    execute: (tx, ctx, { body }) =>
      createApprovalPolicyService(over(tx)).update(
        body as Parameters<ReturnType<typeof createApprovalPolicyService>['update']>[0],
        ctx,
      ),
  },
});
