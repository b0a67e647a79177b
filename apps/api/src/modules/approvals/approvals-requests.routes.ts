import {
  APPROVAL_MESSAGES,
  approvalCount,
  approvalDecisionBody,
  approvalListQuery,
  approvalPage,
  approvalRequest,
  envelope,
  idParams,
} from '@vaultdesk/contract';
import { z } from 'zod';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createApprovalsService } from './approvals.service';

const viewer = (req: { auth?: { permissions: string[] } | null } & Parameters<typeof requestContext>[0]) => ({
  ctx: requestContext(req),
  permissions: req.auth?.permissions ?? [],
});

/**
 * The approval requests: listed, counted, approved (and carried out), rejected, cancelled. They
 * are open to every signed-in member of staff: the service shows each only the requests they may
 * decide (they hold the action's permission) or asked for, and refuses a decision to anyone else.
 */
export function approvalRequestRoutes(
  app: App,
  service: ReturnType<typeof createApprovalsService>,
  jobs: Deps['jobs'],
) {
  app.get(
    '/v1/admin/approval-requests',
    {
      schema: {
        tags: ['approvals'],
        summary: 'Approval requests in one status (default pending) the caller may decide or asked for, newest first',
        querystring: approvalListQuery,
        response: { 200: envelope(approvalPage) },
      },
      config: { access: { permission: 'self.account' } },
    },
    async (req) => ok(await service.list(req.query, viewer(req))),
  );

  app.get(
    '/v1/admin/approval-requests/count',
    {
      schema: {
        tags: ['approvals'],
        summary: "How many pending requests await the caller, and how many of the caller's own are pending",
        response: { 200: envelope(approvalCount) },
      },
      config: { access: { permission: 'self.account' } },
    },
    async (req) => ok(await service.count(viewer(req))),
  );

  app.post(
    '/v1/admin/approval-requests/:id/approve',
    {
      schema: {
        tags: ['approvals'],
        summary: "Approve a request and carry it out once (never one's own; the target must be as it was when asked)",
        params: idParams,
        response: { 200: envelope(z.object({ request: approvalRequest, result: z.unknown() })) },
      },
      config: { access: { permission: 'self.account' } },
    },
    async (req) => {
      const done = await service.approve(req.params.id, viewer(req));
      // What the action does once committed (an admin created has an invitation in the mail outbox).
      await service.afterApproval(done.request.action, jobs, req.log);
      return ok(done, APPROVAL_MESSAGES.approved);
    },
  );

  app.post(
    '/v1/admin/approval-requests/:id/reject',
    {
      schema: {
        tags: ['approvals'],
        summary: "Reject a request (never one's own): nothing is carried out",
        params: idParams,
        body: approvalDecisionBody,
        response: { 200: envelope(approvalRequest) },
      },
      config: { access: { permission: 'self.account' } },
    },
    async (req) => ok(await service.reject(req.params.id, req.body.comment, viewer(req)), APPROVAL_MESSAGES.rejected),
  );

  app.post(
    '/v1/admin/approval-requests/:id/cancel',
    {
      schema: {
        tags: ['approvals'],
        summary: "Cancel one's own pending request",
        params: idParams,
        response: { 200: envelope(approvalRequest) },
      },
      config: { access: { permission: 'self.account' } },
    },
    async (req) => ok(await service.cancel(req.params.id, viewer(req)), APPROVAL_MESSAGES.cancelled),
  );
}
