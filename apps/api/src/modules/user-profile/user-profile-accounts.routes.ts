import {
  envelope,
  filterReferalUsers,
  filterReferalUsersQuery,
  referralRangeQuery,
  userBankDetails,
  userIdQuery,
  userReferralInfo,
  userUsertypes,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { ok } from '../../http/envelope';
import type { createUserProfileService } from './user-profile.service';

const tags = ['user profile'];
const read = { access: { permission: 'users.read' as const } };

/** A customer's bank accounts, user types and referrals. */
export function userProfileAccountRoutes(app: App, service: ReturnType<typeof createUserProfileService>) {
  app.get(
    '/v1/admin/user-bank-details',
    {
      schema: {
        tags,
        summary: "A customer's bank accounts",
        querystring: userIdQuery,
        response: { 200: envelope(userBankDetails) },
      },
      config: read,
    },
    async (req) => ok(await service.bankDetails(req.query.userId)),
  );

  app.get(
    '/v1/admin/get-user-usertypes',
    {
      schema: {
        tags,
        summary: "A customer's user types",
        querystring: userIdQuery,
        response: { 200: envelope(userUsertypes) },
      },
      config: read,
    },
    async (req) => ok(await service.userTypes(req.query.userId)),
  );

  app.get(
    '/v1/admin/filter-referal-users',
    {
      schema: {
        tags,
        summary: 'Users referred by a customer in a date range, paged',
        querystring: filterReferalUsersQuery,
        response: { 200: envelope(filterReferalUsers) },
      },
      config: read,
    },
    async (req) => ok(await service.referredUsers(req.query)),
  );

  app.get(
    '/v1/admin/user-referral-info',
    {
      schema: {
        tags,
        summary: "Totals of a customer's referrals in a date range",
        querystring: referralRangeQuery,
        response: { 200: envelope(userReferralInfo) },
      },
      config: read,
    },
    async (req) => ok(await service.referralInfo(req.query)),
  );
}
