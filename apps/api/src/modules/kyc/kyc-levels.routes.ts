import {
  createKycLevelBody,
  deleteKycLevelQuery,
  emptyData,
  envelope,
  KYC_MESSAGES,
  kycLevel,
  kycLevelList,
  kycLevelsQuery,
  updateKycLevelBody,
  updateKycLevelQuery,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { badRequest, conflict } from '../../http/errors';
import type { createKycService } from './kyc.service';

/** The KYC levels and their withdrawal limits. */
export function kycLevelRoutes(app: App, service: ReturnType<typeof createKycService>) {
  app.get(
    '/v1/admin/kycLevel/get-kyclevel',
    {
      schema: {
        tags: ['kyc'],
        summary: 'KYC levels with their withdrawal limits',
        querystring: kycLevelsQuery,
        response: { 200: envelope(kycLevelList) },
      },
      config: { access: { permission: 'kyc.read' } },
    },
    async (req) => ok(await service.levels(req.query.page, req.query.pageSize)),
  );

  app.post(
    '/v1/admin/kycLevel/create-KycLevel',
    {
      schema: {
        tags: ['kyc'],
        summary: 'Create a KYC level (number 1 to 3, one level per number)',
        body: createKycLevelBody,
        response: { 200: envelope(kycLevel) },
      },
      config: { access: { permission: 'kyc.levels' } },
    },
    async (req) => ok(await service.createLevel(requestContext(req), req.body), KYC_MESSAGES.levelCreated),
  );

  app.put(
    '/v1/admin/kycLevel/update-kycLevel',
    {
      schema: {
        tags: ['kyc'],
        summary: "Update a KYC level's name and withdrawal limits (id in the query or the body)",
        querystring: updateKycLevelQuery,
        body: updateKycLevelBody,
        response: { 200: envelope(kycLevel) },
      },
      config: { access: { permission: 'kyc.levels' } },
    },
    async (req) => {
      const id = req.query.id ?? req.body.id;
      if (!id) throw badRequest('id is required', { id: ['id is required'] });
      return ok(await service.updateLevel(requestContext(req), id, req.body), KYC_MESSAGES.levelUpdated);
    },
  );

  app.delete(
    '/v1/admin/kycLevel/delete-kyclevel',
    {
      schema: {
        tags: ['kyc'],
        summary: 'Levels cannot be removed (the button is permanently disabled): always 409',
        querystring: deleteKycLevelQuery,
        response: { 200: envelope(emptyData) },
      },
      config: { access: { permission: 'kyc.levels' } },
    },
    async () => {
      // Customers' withdrawal limits hang off their level: a level is updated, never removed.
      throw conflict('KYC levels cannot be removed: update the level instead');
    },
  );
}
