import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  envelope,
  EXPORT_STARTED,
  exportStarted,
  feeReportPage,
  feeReportQuery,
  gasReportPage,
  transactionsGroupPage,
  transactionsGroupQuery,
  transactionsPage,
  transactionsQuery,
  type ExportReport,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import type { ExportsService } from '../exports/exports.service';
import { ok } from '../../http/envelope';
import { type createReportsService, resolveRange } from './reports.service';

/** Starts the CSV export of a report call made with download=true. */
export type StartExport = (
  req: FastifyRequest,
  report: ExportReport,
  params: Record<string, unknown>,
) => ReturnType<ExportsService['start']>;

const access = { access: { permission: 'reports.read' as const } };

/** The filter as the export keeps it: the end date resolved, paging dropped. */
export const exportParams = (q: { download: boolean; page: number; start: string; end?: string | undefined }) => {
  const { download: _download, page: _page, ...filter } = q;
  const { start, end } = resolveRange(q);
  return { ...filter, start, end };
};

/** The transaction reports (reports.read): transactions, per user, fees collected, gas spent. */
export function reportTransactionRoutes(
  app: App,
  service: ReturnType<typeof createReportsService>,
  startExport: StartExport,
) {
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
