import {
  envelope,
  KYC_CLAIM_MINUTES,
  KYC_MESSAGES,
  kycByLevelQuery,
  kycDecisionResult,
  kycList,
  kycSuspects,
  kycSuspectsQuery,
  kycTakeOverResult,
  randomKycResult,
  rejectedKycList,
  rejectedKycQuery,
  takeOverKycBody,
  updateLevelTwoKycBody,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { plainJsonSerializer } from '../../http/plain-json';
import type { createKycService } from './kyc.service';

/** Reviewing KYC cases: the lists, the level 2 decision, taking and taking over a case, rejected records, suspects. */
export function kycReviewRoutes(app: App, service: ReturnType<typeof createKycService>) {
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
