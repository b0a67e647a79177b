import {
  createKycLevelBody,
  deleteKycLevelQuery,
  emptyData,
  envelope,
  KYC_CLAIM_MINUTES,
  KYC_MESSAGES,
  kycByLevelQuery,
  kycDecisionResult,
  kycLevel,
  kycLevelList,
  kycLevelsQuery,
  kycList,
  kycSuspects,
  kycSuspectsQuery,
  kycTakeOverResult,
  randomKycResult,
  rejectedKycList,
  rejectedKycQuery,
  takeOverKycBody,
  updateKycLevelBody,
  updateLevelTwoKycBody,
  updateKycLevelQuery,
} from '@vaultdesk/contract';
import { keepListAnchors } from '../../lists/anchor-upkeep';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { plainJsonSerializer } from '../../http/plain-json';
import { badRequest, conflict } from '../../http/errors';
import { createKycService } from './kyc.service';

export function kycRoutes(app: App, { db }: Deps) {
  const service = createKycService(db, (msg, err) => app.log.error({ err }, msg));
  keepListAnchors(app, 'KYC list', { rebuildIfMissing: service.rebuildListsIfMissing });

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

  app.get(
    '/v1/admin/kyc/getkyc-by-level',
    {
      schema: {
        tags: ['kyc'],
        summary: 'KYC records by level and status, or of one user (userId, email), with the counters',
        querystring: kycByLevelQuery,
        response: { 200: envelope(kycList) },
      },
      config: { access: { permission: 'kyc.read' } },
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => ok(await service.list(req.query)),
  );

  app.post(
    '/v1/admin/kyc/update-levelTwo-kyc',
    {
      schema: {
        tags: ['kyc'],
        summary:
          'Approve, reject or escalate a level 2 KYC (guarded: 409 when the case is no longer in a state that allows it, or another reviewer holds it)',
        body: updateLevelTwoKycBody,
        response: { 200: envelope(kycDecisionResult) },
      },
      config: { access: { permission: 'kyc.review' } },
    },
    async (req) => {
      const { result, message } = await service.decide(requestContext(req), req.auth!.permissions, req.body);
      return ok(result, message);
    },
  );

  app.get(
    '/v1/admin/kyc/random-kyc-records',
    {
      schema: {
        tags: ['kyc'],
        summary: `Take the oldest unattended submitted case for ${KYC_CLAIM_MINUTES} minutes; answers its user id`,
        response: { 200: envelope(randomKycResult) },
      },
      config: { access: { permission: 'kyc.review' } },
    },
    async (req) => ok(await service.claimRandom(requestContext(req))),
  );

  app.post(
    '/v1/admin/kyc/take-over-kyc',
    {
      schema: {
        tags: ['kyc'],
        summary: `Take over a case another reviewer holds, from the holder the screen showed (409 when someone else holds it by now, or nobody); held for ${KYC_CLAIM_MINUTES} minutes`,
        body: takeOverKycBody,
        response: { 200: envelope(kycTakeOverResult) },
      },
      config: { access: { permission: 'kyc.takeover' } },
    },
    async (req) => ok(await service.takeOver(requestContext(req), req.body), KYC_MESSAGES.takenOver),
  );

  app.get(
    '/v1/admin/kyc/rejected-kyc-records',
    {
      schema: {
        tags: ['kyc'],
        summary: "A user's rejected and escalated level 2 decisions, newest first",
        querystring: rejectedKycQuery,
        response: { 200: envelope(rejectedKycList) },
      },
      config: { access: { permission: 'kyc.read' } },
    },
    async (req) => ok(await service.rejectedHistory(req.query.userId)),
  );

  app.get(
    '/v1/admin/kyc/kyc-filter-by-values',
    {
      schema: {
        tags: ['kyc'],
        summary: 'KYC records sharing a phone number, ID card number or device id',
        querystring: kycSuspectsQuery,
        response: { 200: envelope(kycSuspects) },
      },
      config: { access: { permission: 'kyc.read' } },
    },
    async (req) => ok(await service.suspects(req.query)),
  );
}
