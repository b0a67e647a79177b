import {
  balanceSearchPage,
  balanceSearchQuery,
  envelope,
  userGlobalSearchQuery,
  userGlobalSearchResult,
  userSearchQuery,
  userSearchResult,
} from '@vaultdesk/contract';
import { z } from 'zod';
import { EXPORT_STARTED, exportStarted } from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { plainJsonSerializer } from '../../http/plain-json';
import type { ExportsService } from '../exports/exports.service';
import type { createUsersService } from './users.service';

const access = { access: { permission: 'users.read' as const } };

/** The user searches: by name or contact, the advanced search, by wallet balance (exportable as CSV). */
export function userSearchRoutes(
  app: App,
  service: ReturnType<typeof createUsersService>,
  exportsService: ExportsService,
) {
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
