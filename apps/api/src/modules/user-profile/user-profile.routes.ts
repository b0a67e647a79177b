import {
  changeRoleBody,
  customerProfile,
  envelope,
  filterReferalUsers,
  filterReferalUsersQuery,
  recordIdBody,
  recordSwitched,
  referralRangeQuery,
  roleChanged,
  searchDetails,
  searchDetailsQuery,
  twoFactorRemoved,
  updateTrustScoreBody,
  userBankDetails,
  userIdBody,
  userIdQuery,
  userPlans,
  userPlansQuery,
  userReferralInfo,
  userSavingsTransactions,
  userSavingsTransactionsQuery,
  userUsertypes,
  userWalletTransactions,
  userWalletTransactionsQuery,
} from '@vaultdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createUserProfileService } from './user-profile.service';

const tags = ['user profile'];
/** Device and IP details are left out of the payload, not just hidden, for staff without users.devices. */
const seesDevices = (req: FastifyRequest) => !!req.auth?.permissions.includes('users.devices');

export function userProfileRoutes(app: App, { db }: Deps) {
  const service = createUserProfileService(db);
  const read = { access: { permission: 'users.read' as const } };
  const manage = { access: { permission: 'users.manage' as const } };

  app.get(
    '/v1/admin/search-details',
    {
      schema: {
        tags,
        summary: "A customer's profile, balances, wallets, addresses, activities and balance check",
        querystring: searchDetailsQuery,
        response: { 200: envelope(searchDetails) },
      },
      config: read,
    },
    async (req) => ok(await service.searchDetails(req.query.id, seesDevices(req))),
  );

  app.get(
    '/v1/admin/user-plans',
    {
      schema: {
        tags,
        summary: "A customer's fixed and flexible savings plans",
        querystring: userPlansQuery,
        response: { 200: envelope(userPlans) },
      },
      config: read,
    },
    async (req) => ok(await service.userPlans(req.query.userId)),
  );

  app.get(
    '/v1/admin/user-wallet-transactions',
    {
      schema: {
        tags,
        summary: "A customer's wallet transactions, newest first (hidden ones included)",
        querystring: userWalletTransactionsQuery,
        response: { 200: envelope(userWalletTransactions) },
      },
      config: read,
    },
    async (req) => ok(await service.walletTransactions(req.query.id, req.query.page, req.query.pageSize)),
  );

  app.get(
    '/v1/admin/user-savings-transactions',
    {
      schema: {
        tags,
        summary: "A customer's savings transactions, newest first (hidden ones included)",
        querystring: userSavingsTransactionsQuery,
        response: { 200: envelope(userSavingsTransactions) },
      },
      config: read,
    },
    async (req) => ok(await service.savingsTransactions(req.query.id, req.query.page, req.query.pageSize)),
  );

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

  app.post(
    '/v1/admin/update-user-trustscore',
    {
      schema: {
        tags,
        summary: "Set a customer's trust score (1-100)",
        body: updateTrustScoreBody,
        response: { 200: envelope(customerProfile) },
      },
      config: manage,
    },
    async (req) =>
      ok(
        await service.updateTrustScore(req.body, requestContext(req), seesDevices(req)),
        'trust score updated successfully',
      ),
  );

  app.put(
    '/v1/admin/deactivate-user-two-factor',
    {
      schema: {
        tags,
        summary: "Remove a customer's two-factor authentication",
        body: userIdBody,
        response: { 200: envelope(twoFactorRemoved) },
      },
      config: manage,
    },
    async (req) =>
      ok(await service.deactivateTwoFactor(req.body.userId, requestContext(req)), '2fa deactivated successfully'),
  );

  app.put(
    '/v1/admin/switch-savings-record',
    {
      schema: {
        tags,
        summary: "Toggle a savings transaction's visibility",
        body: recordIdBody,
        response: { 200: envelope(recordSwitched) },
      },
      config: manage,
    },
    async (req) => ok(await service.switchRecord('savings', req.body.recordId, requestContext(req)), 'status updated'),
  );

  app.put(
    '/v1/admin/switch-wallet-record',
    {
      schema: {
        tags,
        summary: "Toggle a wallet transaction's visibility",
        body: recordIdBody,
        response: { 200: envelope(recordSwitched) },
      },
      config: manage,
    },
    async (req) => ok(await service.switchRecord('wallet', req.body.recordId, requestContext(req)), 'status updated'),
  );

  app.post(
    '/v1/admin/roles/change-role',
    {
      schema: {
        tags,
        summary: "Change a customer's role (User or Staff)",
        body: changeRoleBody,
        response: { 200: envelope(roleChanged) },
      },
      config: manage,
    },
    async (req) => ok(await service.changeRole(req.body, requestContext(req)), 'updated successfully'),
  );
}
