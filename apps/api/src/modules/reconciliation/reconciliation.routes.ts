import {
  envelope,
  reconciliationQuery,
  reconciliationRows,
  reconciliationRowsQuery,
  reconciliationRun,
  reconciliationState,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createReconciliationService } from './reconciliation.service';

const access = { access: { permission: 'reconciliation.read' as const } };

/**
 * The reconciliation report (Super Admin). A request never computes it: POST queues a run for the
 * worker (audited: it reads every balance, so it costs the database), the GETs read stored runs
 * and answer at once. The reads are not audited (as the other reports): they change nothing.
 */
export function reconciliationRoutes(app: App, { db, jobs }: Deps) {
  const service = createReconciliationService(db, jobs);
  app.get(
    '/v1/admin/reconciliation',
    {
      schema: {
        tags: ['reconciliation'],
        summary:
          'The latest finished reconciliation run (ledger against balances, transactions and plan holds; saved batches against the chain) with the first page of every row list, and the run queued or under way',
        querystring: reconciliationQuery,
        response: { 200: envelope(reconciliationState) },
      },
      config: access,
    },
    async (req) => ok(await service.state(req.query.pageSize)),
  );

  app.post(
    '/v1/admin/reconciliation/runs',
    {
      schema: {
        tags: ['reconciliation'],
        summary: 'Queues a reconciliation run for the worker (202); 409 while one is queued or running',
        response: { 202: envelope(reconciliationRun) },
      },
      config: access,
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(ok(await service.start(requestContext(req), req.auth!.staffId), 'Reconciliation run queued')),
  );

  app.get(
    '/v1/admin/reconciliation/rows',
    {
      schema: {
        tags: ['reconciliation'],
        summary:
          'One row list of a finished reconciliation run (the latest without run), paged: ledger drift, flagged balances, hold drift or saved batches',
        querystring: reconciliationRowsQuery,
        response: { 200: envelope(reconciliationRows) },
      },
      config: access,
    },
    async (req) => ok(await service.rows(req.query.kind, req.query.page, req.query.pageSize, req.query.run)),
  );
}
