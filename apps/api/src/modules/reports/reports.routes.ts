import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  EXPORT_STARTED,
  exportStarted,
  featureReport,
  feeReportPage,
  feeReportQuery,
  financials,
  financialsQuery,
  gasReportPage,
  growthReport,
  payoutsPage,
  payoutsQuery,
  transactionsGroupPage,
  transactionsGroupQuery,
  transactionsPage,
  transactionsQuery,
  weeklyQuery,
  type ExportReport,
} from '@vaultdesk/contract';
import { keepListAnchors } from '../../lists/anchor-upkeep';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { ExportsService } from '../exports/exports.service';
import { createFinanceReportsService, createReportsService, resolveRange, weekRange } from './reports.service';

const access = { access: { permission: 'reports.read' as const } };

/**
 * The report calls. With `download=true` the same call and filter start a CSV export of every
 * matching row instead, answered with the export's signed link under `data`.
 */
export function reportsRoutes(app: App, { db }: Deps, exportsService: ExportsService) {
  const service = createReportsService(db, (msg, err) => app.log.error({ err }, msg));
  keepListAnchors(app, 'transaction list', { rebuildIfMissing: service.rebuildListsIfMissing });
  /** The filter as the export keeps it: the end date resolved, paging dropped. */
  const exportParams = (q: { download: boolean; page: number; start: string; end?: string | undefined }) => {
    const { download: _download, page: _page, ...filter } = q;
    const { start, end } = resolveRange(q);
    return { ...filter, start, end };
  };
  const startExport = (req: FastifyRequest, report: ExportReport, params: Record<string, unknown>) =>
    exportsService.start(requestContext(req), req.auth!.staffId, report, params);

  const finance = createFinanceReportsService(db);
  const financeAccess = { access: { permission: 'reports.finance' as const } };

  /** The weekly reports' export keeps the weeks as they were when asked (Mondays, UTC). */
  const weeklyParams = (weeks: number) => ({ weeks, ...weekRange(weeks) });

  app.get(
    '/v1/admin/financials',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Fees collected in USD against gas spent, per currency and month, over a date range; download=true exports the months as CSV',
        querystring: financialsQuery,
        response: { 200: envelope(z.union([financials, exportStarted])) },
      },
      config: financeAccess,
    },
    async (req) => {
      if (req.query.download) {
        const { start, end } = resolveRange(req.query);
        return ok(await startExport(req, 'financials', { start, end }), EXPORT_STARTED);
      }
      return ok(await finance.financials(req.query));
    },
  );

  app.get(
    '/v1/admin/growth-report',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Weekly growth: sign-ups, verified users, savings and wallet activity per week; download=true exports the weeks as CSV',
        querystring: weeklyQuery,
        response: { 200: envelope(z.union([growthReport, exportStarted])) },
      },
      config: financeAccess,
    },
    async (req) => {
      if (req.query.download)
        return ok(await startExport(req, 'growth-report', weeklyParams(req.query.weeks)), EXPORT_STARTED);
      return ok(await finance.growth(req.query.weeks));
    },
  );

  app.get(
    '/v1/admin/feature-report',
    {
      schema: {
        tags: ['reports'],
        summary: 'Feature usage: uses and customers per feature per week; download=true exports the weeks as CSV',
        querystring: weeklyQuery,
        response: { 200: envelope(z.union([featureReport, exportStarted])) },
      },
      config: financeAccess,
    },
    async (req) => {
      if (req.query.download)
        return ok(await startExport(req, 'feature-report', weeklyParams(req.query.weeks)), EXPORT_STARTED);
      return ok(await finance.featureUsage(req.query.weeks));
    },
  );

  app.get(
    '/v1/admin/referral-payouts',
    {
      schema: {
        tags: ['reports'],
        summary: 'Referral rewards paid per referrer over a date range; download=true exports them as CSV',
        querystring: payoutsQuery,
        response: { 200: envelope(z.union([payoutsPage, exportStarted])) },
      },
      config: financeAccess,
    },
    async (req) => {
      if (req.query.download)
        return ok(await startExport(req, 'referral-payouts', exportParams(req.query)), EXPORT_STARTED);
      return ok(await finance.payouts(req.query));
    },
  );

  app.get(
    '/v1/admin/transactions',
    {
      schema: {
        tags: ['reports'],
        summary: 'Savings or wallet transactions in a date range, newest first; download=true exports them as CSV',
        querystring: transactionsQuery,
        response: { 200: envelope(z.union([transactionsPage, exportStarted])) },
      },
      config: access,
    },
    async (req) => {
      if (req.query.download) {
        const report = req.query.type === 'wallet' ? 'wallet-transactions' : 'savings-transactions';
        return ok(await startExport(req, report, exportParams(req.query)), EXPORT_STARTED);
      }
      return ok(await service.transactions(req.query));
    },
  );

  app.get(
    '/v1/admin/transactions/group',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Savings transactions totalled per customer and currency in a date range; download=true exports them as CSV',
        querystring: transactionsGroupQuery,
        response: { 200: envelope(z.union([transactionsGroupPage, exportStarted])) },
      },
      config: access,
    },
    async (req) => {
      if (req.query.download) {
        return ok(await startExport(req, 'savings-per-user', exportParams(req.query)), EXPORT_STARTED);
      }
      return ok(await service.transactionsGroup(req.query));
    },
  );

  app.get(
    '/v1/admin/fees-collectedby-vlt',
    {
      schema: {
        tags: ['reports'],
        summary: 'Fees collected in a date range with their total in USD; download=true exports them as CSV',
        querystring: feeReportQuery,
        response: { 200: envelope(z.union([feeReportPage, exportStarted])) },
      },
      config: access,
    },
    async (req) => {
      if (req.query.download) {
        return ok(await startExport(req, 'fees-collected', exportParams(req.query)), EXPORT_STARTED);
      }
      return ok(await service.feesCollected(req.query));
    },
  );

  app.get(
    '/v1/admin/gas-fees-spent',
    {
      schema: {
        tags: ['reports'],
        summary: 'Gas spent by the batches of a date range with totals; download=true exports them as CSV',
        querystring: feeReportQuery,
        response: { 200: envelope(z.union([gasReportPage, exportStarted])) },
      },
      config: access,
    },
    async (req) => {
      if (req.query.download) {
        return ok(await startExport(req, 'gas-fees-spent', exportParams(req.query)), EXPORT_STARTED);
      }
      return ok(await service.gasFeesSpent(req.query));
    },
  );
}
