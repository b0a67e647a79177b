import { envelope, userListPage, usersByCountryQuery, usersByDateQuery } from '@vaultdesk/contract';
import { z } from 'zod';
import { EXPORT_STARTED, exportStarted } from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { plainJsonSerializer } from '../../http/plain-json';
import type { ExportsService } from '../exports/exports.service';
import type { createUsersService } from './users.service';

const access = { access: { permission: 'users.read' as const } };

/** The user lists by sign-up date and by country (download=true exports them as CSV). */
export function userListRoutes(
  app: App,
  service: ReturnType<typeof createUsersService>,
  exportsService: ExportsService,
) {
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
}
