import {
  envelope,
  PROCESS_TRIGGERED,
  processWithdrawalBody,
  STATUS_CHANGED,
  withdrawalListQuery,
  withdrawalPage,
  withdrawalRequest,
  withdrawalUpdateBody,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createPayoutVerifier } from '../../chain/payout-chain';
import { createWithdrawOutService } from './withdraw-out.service';

export function withdrawOutRoutes(app: App, { db, config }: Deps) {
  const service = createWithdrawOutService(
    db,
    (msg, err) => app.log.error({ err }, msg),
    createPayoutVerifier(config.chain),
    config.chain,
  );

  app.get(
    '/v1/admin/withdrawal-requests',
    {
      schema: {
        tags: ['withdrawal out'],
        summary: 'Withdrawal-out requests in one status, newest first',
        querystring: withdrawalListQuery,
        response: { 200: envelope(withdrawalPage) },
      },
      config: { access: { permission: 'queues.read' } },
    },
    async (req) => ok(await service.list(req.query as { page: number; status: 0; pageSize: number })),
  );

  app.put(
    '/v1/admin/withdrawal-request-update',
    {
      schema: {
        tags: ['withdrawal out'],
        summary: 'Change a request status (3 cancels it and refunds the customer)',
        body: withdrawalUpdateBody,
        response: { 200: envelope(withdrawalRequest) },
      },
      config: { access: { permission: 'withdrawals.manage' }, approval: 'withdrawal.cancel' },
    },
    async (req) =>
      ok(
        await service.setStatus(req.body.requestId, req.body.status as 0, req.auth!.permissions, requestContext(req)),
        req.body.status === 3 ? PROCESS_TRIGGERED : STATUS_CHANGED,
      ),
  );

  app.post(
    '/v1/admin/process-withdraw-request',
    {
      schema: {
        tags: ['withdrawal out'],
        summary: 'Record the payout of a request (hash, channel "human"): Done',
        body: processWithdrawalBody,
        response: { 200: envelope(withdrawalRequest) },
      },
      config: { access: { permission: 'withdrawals.manage' }, approval: 'withdrawal.process' },
    },
    async (req) =>
      ok(await service.process('chain', req.body, req.auth!.permissions, requestContext(req)), PROCESS_TRIGGERED),
  );

  app.post(
    '/v1/admin/process-inApp-transaction',
    {
      schema: {
        tags: ['withdrawal out'],
        summary: 'Pay an in-app request to its destination wallet: Done',
        body: processWithdrawalBody,
        response: { 200: envelope(withdrawalRequest) },
      },
      config: { access: { permission: 'withdrawals.manage' }, approval: 'withdrawal.process-in-app' },
    },
    async (req) =>
      ok(await service.process('inApp', req.body, req.auth!.permissions, requestContext(req)), PROCESS_TRIGGERED),
  );
}
