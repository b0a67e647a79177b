import {
  COMPLIANCE_MESSAGES,
  envelope,
  EXPORT_STARTED,
  exportStarted,
  fundingRequestQuery,
  fundingRequests,
  lockedSavings,
  lockedSavingsQuery,
  maturingPlans,
  maturingPlansQuery,
} from '@vaultdesk/contract';
import { z } from 'zod';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { ExportsService } from '../exports/exports.service';
import type { createComplianceService } from './compliance.service';

/** Savings under watch: locked plans, funding requests, plans about to mature (the last two export as CSV). */
export function complianceSavingsRoutes(
  app: App,
  service: ReturnType<typeof createComplianceService>,
  exportsService: ExportsService,
) {
  app.get(
    '/v1/admin/locked-fixed-savings',
    {
      schema: {
        tags: ['compliance'],
        summary: 'Fixed savings plans locked now or unlocked since',
        querystring: lockedSavingsQuery,
        response: { 200: envelope(lockedSavings) },
      },
      config: { access: { permission: 'compliance.read' } },
    },
    async (req) => ok(await service.lockedFixedSavings(req.query.page, req.query.pageSize)),
  );

  app.get(
    '/v1/admin/locked-flexible-savings',
    {
      schema: {
        tags: ['compliance'],
        summary: 'Flexible savings plans locked now or unlocked since',
        querystring: lockedSavingsQuery,
        response: { 200: envelope(lockedSavings) },
      },
      config: { access: { permission: 'compliance.read' } },
    },
    async (req) => ok(await service.lockedFlexibleSavings(req.query.page, req.query.pageSize)),
  );

  app.get(
    '/v1/admin/funding-request',
    {
      schema: {
        tags: ['compliance'],
        summary:
          'Funding requests by customer e-mail, transaction hash or receiving address; download=true exports every one found as CSV',
        querystring: fundingRequestQuery,
        response: { 200: envelope(z.union([fundingRequests, exportStarted])) },
      },
      config: { access: { permission: 'funding.read' } },
    },
    async (req) => {
      if (req.query.download) {
        const { download: _download, ...search } = req.query;
        return ok(
          await exportsService.start(requestContext(req), req.auth!.staffId, 'funding-requests', search),
          EXPORT_STARTED,
        );
      }
      const found = await service.fundingRequests(req.query);
      return ok(found, found.records.length ? COMPLIANCE_MESSAGES.fetched : COMPLIANCE_MESSAGES.noFundingRequest);
    },
  );

  app.get(
    '/v1/advanced/plans-about-to-mature',
    {
      schema: {
        tags: ['compliance'],
        summary:
          'Fixed plans whose lock ends within a week or has ended, not yet withdrawn; download=true exports every one as CSV',
        querystring: maturingPlansQuery,
        response: { 200: envelope(z.union([maturingPlans, exportStarted])) },
      },
      config: { access: { permission: 'funding.read' } },
    },
    async (req) => {
      // The window is the week from the moment asked, kept with the export.
      if (req.query.download)
        return ok(
          await exportsService.start(requestContext(req), req.auth!.staffId, 'plans-about-to-mature', {
            asOf: new Date().toISOString(),
          }),
          EXPORT_STARTED,
        );
      return ok(await service.maturingPlans(req.query.page, req.query.pageSize));
    },
  );
}
