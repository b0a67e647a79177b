import { envelope, reconciliation, reconciliationQuery, reconciliationRows, reconciliationRowsQuery } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { createReconciliationService } from './reconciliation.service';

const access = { access: { permission: 'reconciliation.read' as const } };

/**
 * The reconciliation report (Super Admin). A read, not audited (as the other reports and lists):
 * it changes nothing. The chain is read from the configuration when the report runs (the local
 * chain is wired in after the routes are registered).
 */
export function reconciliationRoutes(app: App, { db, config }: Deps) {
  const service = createReconciliationService(db, config.chain);
  app.get('/v1/admin/reconciliation', {
    schema: {
      tags: ['reconciliation'],
      summary: 'Ledger against balances, transactions and plan holds per customer; saved batches against the chain; the first page of every row list',
      querystring: reconciliationQuery,
      response: { 200: envelope(reconciliation) },
    },
    config: access,
  }, async (req) => ok(await service.report(req.query.pageSize)));

  app.get('/v1/admin/reconciliation/rows', {
    schema: {
      tags: ['reconciliation'],
      summary: 'One row list of the reconciliation report, paged: ledger drift, flagged balances, hold drift or saved batches',
      querystring: reconciliationRowsQuery,
      response: { 200: envelope(reconciliationRows) },
    },
    config: access,
  }, async (req) => ok(await service.rows(req.query.kind, req.query.page, req.query.pageSize, req.query.run)));
}
