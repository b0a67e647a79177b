import {
  balanceSearchPage,
  balanceSearchQuery,
  envelope,
  userGlobalSearchQuery,
  userGlobalSearchResult,
  userListPage,
  usersByCountryQuery,
  usersByDateQuery,
  userSearchQuery,
  userSearchResult,
} from '@vaultdesk/contract';
import { z } from 'zod';
import { EXPORT_STARTED, exportStarted } from '@vaultdesk/contract';
import { keepListAnchors } from '../../lists/anchor-upkeep';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { plainJsonSerializer } from '../../http/plain-json';
import type { ExportsService } from '../exports/exports.service';
import { createUsersService } from './users.service';

export function usersRoutes(app: App, { db }: Deps, exportsService: ExportsService) {
  const service = createUsersService(db, (msg, err) => app.log.error({ err }, msg));
  const access = { access: { permission: 'users.read' as const } };
  // The lists and searches are written without the response schema's encode (plainJsonSerializer,
  // as the KYC list): the service builds every field, the schemas have no transforms, and the
  // encode returned the same object for 20-40 µs of the API's CPU per call. users.test.ts checks
  // each answer is exactly what the encode gives.

  keepListAnchors(app, 'list', service.lists, { built: (b) => b.users || b.balances, logBuilt: true });

  app.get(
    '/v1/admin/search-user-date',
    {
      schema: {
        tags: ['users'],
        summary: 'Users who signed up in a date range (end included), newest first; download=true exports them as CSV',
        querystring: usersByDateQuery,
        response: { 200: envelope(z.union([userListPage, exportStarted])) },
      },
      config: access,
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => {
      if (req.query.download) {
        // The same checks as the list, so an export never holds a range the list would refuse.
        await service.byDate({ ...req.query, page: 1, pageSize: 1 });
        const { start, end } = req.query;
        return ok(
          await exportsService.start(requestContext(req), req.auth!.staffId, 'users-by-date', { start, end }),
          EXPORT_STARTED,
        );
      }
      return ok(await service.byDate(req.query));
    },
  );

  app.get(
    '/v1/admin/users',
    {
      schema: {
        tags: ['users'],
        summary:
          "Users of a country (zone, ip or residence; 'none' = unknown), newest first; download=true exports them as CSV",
        querystring: usersByCountryQuery,
        response: { 200: envelope(z.union([userListPage, exportStarted])) },
      },
      config: access,
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => {
      if (req.query.download) {
        const { countryType, countryCode } = req.query;
        return ok(
          await exportsService.start(requestContext(req), req.auth!.staffId, 'users-by-country', {
            countryType,
            countryCode,
          }),
          EXPORT_STARTED,
        );
      }
      return ok(await service.byCountry(req.query));
    },
  );

  app.get(
    '/v1/admin/search-user',
    {
      schema: {
        tags: ['users'],
        summary:
          'Users whose name, username, e-mail or phone contains the text (at most 20: exact matches, then newest)',
        querystring: userSearchQuery,
        response: { 200: envelope(userSearchResult) },
      },
      config: access,
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => ok(await service.searchUsers(req.query.search)),
  );

  app.get(
    '/v1/admin/user-global-Search',
    {
      schema: {
        tags: ['users'],
        summary: 'User advanced search: the same matching, with avatar and referrer',
        querystring: userGlobalSearchQuery,
        response: { 200: envelope(userGlobalSearchResult) },
      },
      config: access,
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => ok(await service.globalSearch(req.query.search_text)),
  );

  app.get(
    '/v1/admin/users-by-wallet-balance',
    {
      schema: {
        tags: ['users'],
        summary:
          'Wallets holding at least `balance` of a currency, largest first; download=true exports every one as CSV',
        querystring: balanceSearchQuery,
        response: { 200: envelope(z.union([balanceSearchPage, exportStarted])) },
      },
      config: access,
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => {
      if (req.query.download) {
        const { currency, balance } = req.query;
        return ok(
          await exportsService.start(requestContext(req), req.auth!.staffId, 'wallet-balance-search', {
            currency,
            balance,
          }),
          EXPORT_STARTED,
        );
      }
      return ok(await service.byWalletBalance(req.query));
    },
  );
}
