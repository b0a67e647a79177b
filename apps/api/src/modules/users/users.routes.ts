import { keepListAnchors } from '../../lists/anchor-upkeep';
import type { App, Deps } from '../../http/app-types';
import type { ExportsService } from '../exports/exports.service';
import { createUsersService } from './users.service';
import { userListRoutes } from './users-lists.routes';
import { userSearchRoutes } from './users-search.routes';

export function usersRoutes(app: App, { db }: Deps, exportsService: ExportsService) {
  const service = createUsersService(db, (msg, err) => app.log.error({ err }, msg));
  // The lists and searches are written without the response schema's encode (plainJsonSerializer,
  // as the KYC list): the service builds every field, the schemas have no transforms, and the
  // encode returned the same object for 20-40 µs of the API's CPU per call. users.test.ts checks
  // each answer is exactly what the encode gives.

  keepListAnchors(app, 'list', service.lists, { built: (b) => b.users || b.balances, logBuilt: true });

  userListRoutes(app, service, exportsService);
  userSearchRoutes(app, service, exportsService);
}
