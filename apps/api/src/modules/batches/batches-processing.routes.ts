import {
  BATCH_SAVED,
  envelope,
  processList,
  processListIdBody,
  queueIdBody,
  queueItem,
  recordSentBatchBody,
  saveBatchBody,
  savedBatch,
  SENT_BATCH_ALREADY_RECORDED,
  SENT_BATCH_RECORDED,
  SENT_BATCH_RELEASED,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createBatchesService } from './batches.service';

/** Batches sent through the vault: recorded, released, saved, processed, and the withdrawals they settle. */
export function batchProcessingRoutes(app: App, service: ReturnType<typeof createBatchesService>) {
  app.post(
    '/v1/advanced/record-sent-batch',
    {
      schema: {
        tags: ['batches'],
        summary:
          "Record the hash the wallet returned for a process list's batch, before it is saved: the batch is then never sent again (audited as batch.<type>.sent)",
        body: recordSentBatchBody,
        response: { 200: envelope(processList) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) => {
      const { list, recorded } = await service.recordSent(
        req.body.processListId,
        req.body.transactionHash,
        requestContext(req),
      );
      return ok(list, recorded ? SENT_BATCH_RECORDED : SENT_BATCH_ALREADY_RECORDED);
    },
  );

  app.post(
    '/v1/advanced/release-sent-batch',
    {
      schema: {
        tags: ['batches'],
        summary:
          'Release the recorded sent hash of a process list whose transaction reverted on chain (it moved nothing): the batch may be sent again (audited)',
        body: processListIdBody,
        response: { 200: envelope(processList) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) => ok(await service.releaseSent(req.body.processListId, requestContext(req)), SENT_BATCH_RELEASED),
  );

  app.post(
    '/v1/advanced/save-batch',
    {
      schema: {
        tags: ['batches'],
        summary: 'Save a batch sent through the vault, after checking it on chain',
        body: saveBatchBody,
        response: { 200: envelope(savedBatch) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) => ok(await service.save(req.body, req.auth!.permissions, requestContext(req)), BATCH_SAVED),
  );

  app.post(
    '/v1/advanced/process-batch',
    {
      schema: {
        tags: ['batches'],
        summary: 'Update Queue and Plans from a saved batch (process list 1 -> 2)',
        body: processListIdBody,
        response: { 200: envelope(processList) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) =>
      ok(await service.process(req.body.processListId, req.auth!.permissions, requestContext(req)), 'Plan updated'),
  );

  app.post(
    '/v1/advanced/update-queue-after-withdrawal',
    {
      schema: {
        tags: ['batches'],
        summary: 'Settle a withdraw item whose process list is finished',
        body: queueIdBody,
        response: { 200: envelope(queueItem) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) =>
      ok(await service.updateAfterWithdrawal(req.body.queueId, req.auth!.permissions, requestContext(req)), 'done'),
  );
}
