import { z } from 'zod';
import {
  envelope,
  EXPORT_STARTED,
  exportStarted,
  featureReport,
  financials,
  financialsQuery,
  growthReport,
  payoutsPage,
  payoutsQuery,
  weeklyQuery,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { type createFinanceReportsService, resolveRange, weekRange } from './reports.service';
import { exportParams, type StartExport } from './reports-transactions.routes';

const financeAccess = { access: { permission: 'reports.finance' as const } };

/** The weekly reports' export keeps the weeks as they were when asked (Mondays, UTC). */
const weeklyParams = (weeks: number) => ({ weeks, ...weekRange(weeks) });

/** The finance reports (reports.finance): financials, growth, feature usage, referral payouts. */
export function reportFinanceRoutes(
  app: App,
  finance: ReturnType<typeof createFinanceReportsService>,
  startExport: StartExport,
) {
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
}
