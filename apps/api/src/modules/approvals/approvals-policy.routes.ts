import {
  APPROVAL_MESSAGES,
  approvalPolicy,
  approvalPolicyHistory,
  approvalPolicyVersion,
  envelope,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createApprovalPolicyService } from './approval-policy.service';

/** The approval policy: in force, its history, and changing it (itself held for approval). */
export function approvalPolicyRoutes(app: App, policy: ReturnType<typeof createApprovalPolicyService>) {
  app.get(
    '/v1/admin/approval-policy',
    {
      schema: {
        tags: ['settings'],
        summary: 'The approval policy in force (part of the internal settings)',
        response: { 200: envelope(approvalPolicyVersion) },
      },
      config: { access: { permission: 'settings.manage' } },
    },
    async () => ok(await policy.current()),
  );

  app.get(
    '/v1/admin/approval-policy-history',
    {
      schema: {
        tags: ['settings'],
        summary: 'The last 20 versions of the approval policy, newest first, with who and when',
        response: { 200: envelope(approvalPolicyHistory) },
      },
      config: { access: { permission: 'settings.manage' } },
    },
    async () => ok(await policy.history()),
  );

  app.put(
    '/v1/admin/approval-policy',
    {
      schema: {
        tags: ['settings'],
        summary:
          'Set the approval policy (a new version): while any kind is on, a change that weakens it waits for a second approver; one that only strengthens applies at once',
        body: approvalPolicy,
        response: { 200: envelope(approvalPolicyVersion) },
      },
      config: { access: { permission: 'settings.manage' }, approval: 'approval-policy.update' },
    },
    async (req) =>
      ok(await policy.update(req.body, requestContext(req), { direct: true }), APPROVAL_MESSAGES.policyUpdated),
  );
}
