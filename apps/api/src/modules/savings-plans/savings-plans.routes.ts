import {
  envelope,
  INPUT_A_REFERENCE,
  planBatches,
  RESOLVE_PLAN_DONE,
  resolvePlanBody,
  resolvePlanResult,
  REWARD_NONE_FOUND,
  REWARD_SEARCH_DONE,
  rewardRecordQuery,
  rewardRecords,
  savingsPlanDetail,
  savingsPlanQuery,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { badRequest } from '../../http/errors';
import { createBatchVerifier } from '../../chain/batch-chain';
import { createSavingsPlansService } from './savings-plans.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function savingsPlansRoutes(app: App, { db, config }: Deps) {
  // Resolve's hash is checked on chain by the same verifier as save-batch's.
  const service = createSavingsPlansService(db, createBatchVerifier(config.chain), config.chain);

  app.get(
    '/v1/admin/savings-plan-details',
    {
      schema: {
        tags: ['savings plans'],
        summary: 'A savings plan with its owner',
        querystring: savingsPlanQuery,
        response: { 200: envelope(savingsPlanDetail) },
      },
      config: { access: { permission: 'plans.read' } },
    },
    async (req) => ok(await service.detail(req.query.planId, req.query.planType)),
  );

  app.get(
    '/v1/advanced/batches-plan-was-involved',
    {
      schema: {
        tags: ['savings plans'],
        summary: 'The batches a plan was carried in, with the state of its part',
        querystring: savingsPlanQuery,
        response: { 200: envelope(planBatches) },
      },
      config: { access: { permission: 'plans.read' } },
    },
    async (req) => ok(await service.batches(req.query.planId, req.query.planType)),
  );

  app.post(
    '/v1/advanced/resolve-plan',
    {
      schema: {
        tags: ['savings plans'],
        summary: "Resolve a plan's part in a batch with the transaction that carried it, checked on chain first",
        body: resolvePlanBody,
        response: { 200: envelope(resolvePlanResult) },
      },
      config: { access: { permission: 'plans.resolve' } },
    },
    async (req) => ok(await service.resolve(req.body, requestContext(req)), RESOLVE_PLAN_DONE),
  );

  app.get(
    '/v1/advanced/vlt-reward-record',
    {
      schema: {
        tags: ['savings plans'],
        summary: 'The reward records of a plan',
        querystring: rewardRecordQuery,
        response: { 200: envelope(rewardRecords) },
      },
      config: { access: { permission: 'plans.read' } },
    },
    async (req) => {
      const planId = req.query.planId ?? '';
      if (!planId) throw badRequest(INPUT_A_REFERENCE, { planId: [INPUT_A_REFERENCE] });
      // Staff may paste any text: what is not a plan id simply matches no record.
      const found = UUID.test(planId)
        ? await service.rewardRecords(planId.toLowerCase())
        : { planId, records: [], total: {} };
      return ok(found, found.records.length ? REWARD_SEARCH_DONE : REWARD_NONE_FOUND);
    },
  );
}
