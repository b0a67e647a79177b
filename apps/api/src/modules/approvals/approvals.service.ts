import type { ApprovalStatus } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { JobQueue } from '../../http/app-types';
import type { ActionDef, ActionInput, ApprovalLog } from './approval-actions';
import type { Viewer } from './approval-requests';
import { approveRequest } from './approve-request';
import { cancelRequest } from './cancel-request';
import { countRequests, listRequests } from './list-requests';
import { rejectRequest } from './reject-request';
import { requestApproval } from './request-approval';

export type { Viewer };
/** What an area needs to declare its guarded actions in its `<area>.approvals.ts`. */
export {
  heldWithMoneyOn,
  oneRow,
  over,
  type ActionDef,
  type ActionInput,
  type AreaApprovals,
  type Snapshot,
} from './approval-actions';

/**
 * The approvals module's public face. Each decision lives in its own file (request-approval,
 * approve-request, reject-request, cancel-request; the reads in list-requests; what they share in
 * approval-requests) and takes its dependencies explicitly.
 */
export function createApprovalsService(db: Db, actions: Record<string, ActionDef>) {
  return {
    request: (
      def: ActionDef,
      action: string,
      call: { method: string; url: string } & ActionInput,
      reason: string | null,
      viewer: Viewer,
    ) => requestApproval(db, def, action, call, reason, viewer),
    approve: (id: string, viewer: Viewer) => approveRequest(db, actions, id, viewer),
    afterApproval: (action: string, jobs: JobQueue | null, log: ApprovalLog) =>
      actions[action]?.afterApproval?.(jobs, log),
    reject: (id: string, comment: string | undefined, viewer: Viewer) => rejectRequest(db, id, comment, viewer),
    cancel: (id: string, viewer: Viewer) => cancelRequest(db, id, viewer),
    list: (query: { status: ApprovalStatus; page: number; pageSize: number }, viewer: Viewer) =>
      listRequests(db, query, viewer),
    count: (viewer: Viewer) => countRequests(db, viewer),
  };
}
