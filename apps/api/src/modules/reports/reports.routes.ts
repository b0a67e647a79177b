import { keepListAnchors } from '../../lists/anchor-upkeep';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import type { ExportsService } from '../exports/exports.service';
import { createFinanceReportsService, createReportsService } from './reports.service';
import { reportFinanceRoutes } from './reports-finance.routes';
import { reportTransactionRoutes, type StartExport } from './reports-transactions.routes';

/**
 * The report calls. With `download=true` the same call and filter start a CSV export of every
 * matching row instead, answered with the export's signed link under `data`.
 */
export function reportsRoutes(app: App, { db }: Deps, exportsService: ExportsService) {
  const service = createReportsService(db, (msg, err) => app.log.error({ err }, msg));
  keepListAnchors(app, 'transaction list', { rebuildIfMissing: service.rebuildListsIfMissing });
  const startExport: StartExport = (req, report, params) =>
    exportsService.start(requestContext(req), req.auth!.staffId, report, params);

  reportFinanceRoutes(app, createFinanceReportsService(db), startExport);
  reportTransactionRoutes(app, service, startExport);
}
