import { z } from 'zod';
import {
  envelope,
  EXPORT_STARTED,
  exportStarted,
  referralReportPage,
  referralReportQuery,
  referralUserTypes,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { ExportsService } from '../exports/exports.service';
import { createReferralsService } from './referrals.service';

export function referralsRoutes(app: App, { db }: Deps, exportsService: ExportsService) {
  const service = createReferralsService(db);

  app.get(
    '/v1/admin/get-usertype-referals',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Referral report of the referrers of a user type; download=true exports every referrer as CSV',
        querystring: referralReportQuery,
        response: { 200: envelope(z.union([referralReportPage, exportStarted])) },
      },
      config: { access: { permission: 'users.read' } },
    },
    async (req) => {
      if (req.query.download) {
        // The same checks as the report (a known user type), then every row of it in the file.
        const page = await service.report({ ...req.query, page: 1 });
        const params = { userType: page.userType, start: page.start, end: page.end };
        return ok(
          await exportsService.start(requestContext(req), req.auth!.staffId, 'referral-report', params),
          EXPORT_STARTED,
        );
      }
      return ok(await service.report(req.query));
    },
  );

  app.get(
    '/v1/admin/referral-user-types',
    {
      schema: {
        tags: ['referrals'],
        summary: 'The user types the referral report can be filtered by',
        response: { 200: envelope(referralUserTypes) },
      },
      config: { access: { permission: 'users.read' } },
    },
    async () => ok(await service.userTypes()),
  );
}
