import { confirmAdminQuery, emptyData, envelope } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createAdminsService } from './admins.service';
import { adminCatalogueRoutes } from './admins-catalogue.routes';
import { adminRoleRoutes } from './admins-roles.routes';
import { adminStaffRoutes } from './admins-staff.routes';

export function adminsRoutes(app: App, { db, config, jobs }: Deps) {
  const service = createAdminsService(db, config);

  adminCatalogueRoutes(app, service);
  adminStaffRoutes(app, service, jobs);
  adminRoleRoutes(app, service);

  app.post(
    '/v1/admin/confirm-super',
    {
      schema: {
        tags: ['admin team'],
        summary: 'Confirm an admin setup link (unauthenticated)',
        querystring: confirmAdminQuery,
        response: { 200: envelope(emptyData) },
      },
      config: { access: { permission: 'public' } },
    },
    async (req) => {
      await service.confirmSetup(req.query.token, requestContext(req, null));
      return ok({}, 'Setup confirmed');
    },
  );
}
