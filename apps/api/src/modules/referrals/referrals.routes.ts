import { envelope, referralReportPage, referralReportQuery, referralUserTypes } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { createReferralsService } from './referrals.service';

export function referralsRoutes(app: App, { db }: Deps) {
  const service = createReferralsService(db);

  app.get('/v1/admin/get-usertype-referals', {
    schema: { tags: ['referrals'], summary: 'Referral report of the referrers of a user type', querystring: referralReportQuery, response: { 200: envelope(referralReportPage) } },
    config: { access: { permission: 'users.read' } },
  }, async (req) => ok(await service.report(req.query)));

  app.get('/v1/admin/referral-user-types', {
    schema: { tags: ['referrals'], summary: 'The user types the referral report can be filtered by', response: { 200: envelope(referralUserTypes) } },
    config: { access: { permission: 'users.read' } },
  }, async () => ok(await service.userTypes()));
}
