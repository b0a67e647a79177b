import type { App, Deps } from '../../http/app-types';
import { createApprovalPolicyService } from './approval-policy.service';
import type { createApprovalsService } from './approvals.service';
import { approvalPolicyRoutes } from './approvals-policy.routes';
import { approvalRequestRoutes } from './approvals-requests.routes';

/** Four eyes: the approval policy and the approval requests. */
export function approvalsRoutes(app: App, { db, jobs }: Deps, service: ReturnType<typeof createApprovalsService>) {
  approvalPolicyRoutes(app, createApprovalPolicyService(db));
  approvalRequestRoutes(app, service, jobs);
}
