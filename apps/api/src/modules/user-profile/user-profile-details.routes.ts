import {
  envelope,
  searchDetails,
  searchDetailsQuery,
  userPlans,
  userPlansQuery,
  userSavingsTransactions,
  userSavingsTransactionsQuery,
  userWalletTransactions,
  userWalletTransactionsQuery,
} from '@vaultdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/app-types';
import { ok } from '../../http/envelope';
import type { createUserProfileService } from './user-profile.service';

const tags = ['user profile'];
const read = { access: { permission: 'users.read' as const } };
/** Device and IP details are left out of the payload, not just hidden, for staff without users.devices. */
export const seesDevices = (req: FastifyRequest) => !!req.auth?.permissions.includes('users.devices');

/** A customer's profile, plans and transactions. */
export function userProfileDetailRoutes(app: App, service: ReturnType<typeof createUserProfileService>) {
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
}
