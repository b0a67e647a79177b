import {
  createProcessListBody,
  envelope,
  processList,
  processListItemBody,
  processLists,
  processListsQuery,
  queueItem,
  queueItemIdBody,
  queueItemStatusBody,
  queueListQuery,
  queuePage,
  queueStatusCounts,
  queueStatusQuery,
  type QueueKind,
} from '@vaultdesk/contract';
import { keepListAnchors } from '../../lists/anchor-upkeep';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createQueuesService } from './queues.service';

export function queuesRoutes(app: App, { db }: Deps) {
  const service = createQueuesService(db, (msg, err) => app.log.error({ err }, msg));

  keepListAnchors(app, 'queue list', service.lists);

  for (const queue of ['deposit', 'withdraw'] as const satisfies readonly QueueKind[]) {
    app.get(
      `/v1/admin/${queue}-queue`,
      {
        schema: {
          tags: ['queues'],
          summary: `The ${queue} queue in one status, oldest first`,
          querystring: queueListQuery,
          response: { 200: envelope(queuePage) },
        },
        config: { access: { permission: 'queues.read' } },
      },
      async (req) => ok(await service.list(queue, req.query)),
    );

    app.put(
      `/v1/admin/update-${queue}-queue-item`,
      {
        schema: {
          tags: ['queues'],
          summary: `Set a ${queue} queue item's status`,
          body: queueItemStatusBody,
          response: { 200: envelope(queueItem) },
        },
        config: { access: { permission: 'queues.manage' } },
      },
      async (req) =>
        ok(
          await service.setStatus(
            queue,
            req.body.queueItemId,
            req.body.status,
            req.auth!.permissions,
            requestContext(req),
          ),
          'queue updated',
        ),
    );

    app.put(
      `/v1/admin/cancel-${queue}-queue-item`,
      {
        schema: {
          tags: ['queues'],
          summary: `Cancel a pending ${queue} queue item`,
          body: queueItemIdBody,
          response: { 200: envelope(queueItem) },
        },
        config: { access: { permission: 'queues.manage' } },
      },
      async (req) =>
        ok(
          await service.cancel(queue, req.body.queueItemId, req.auth!.permissions, requestContext(req)),
          'queue item cancelled',
        ),
    );
  }

  app.get(
    '/v1/advanced/queue-status',
    {
      schema: {
        tags: ['queues'],
        summary: 'Counts per status of a queue',
        querystring: queueStatusQuery,
        response: { 200: envelope(queueStatusCounts) },
      },
      config: { access: { permission: 'queues.read' } },
    },
    async (req) => ok(await service.counts(req.query.queue)),
  );

  app.get(
    '/v1/advanced/process-lists',
    {
      schema: {
        tags: ['queues'],
        summary: 'Process lists: unfinished first, then the latest finished',
        querystring: processListsQuery,
        response: { 200: envelope(processLists) },
      },
      config: { access: { permission: 'queues.read' } },
    },
    async (req) => ok(await service.processLists(req.query.type)),
  );

  app.post(
    '/v1/advanced/create-process-list',
    {
      schema: {
        tags: ['queues'],
        summary:
          "The queue's open process list: made if there is none, else the one open (staff pressing Process List at once share it)",
        body: createProcessListBody,
        response: { 200: envelope(processList) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) => {
      const { list, created } = await service.createList(req.body.processType, requestContext(req));
      return ok(list, created ? 'Process list created' : 'Process list already open');
    },
  );

  app.post(
    '/v1/advanced/add-queue-item-to-process-list',
    {
      schema: {
        tags: ['queues'],
        summary: 'Add a pending item to the open process list (it becomes processing)',
        body: processListItemBody,
        response: { 200: envelope(processList) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) =>
      ok(
        await service.addItem(req.body.queueItemId, req.body.processListId, req.auth!.permissions, requestContext(req)),
        'Item added to process list',
      ),
  );

  app.post(
    '/v1/advanced/remove-queue-item-from-process-list',
    {
      schema: {
        tags: ['queues'],
        summary: 'Take an item out of the open process list (it becomes pending)',
        body: processListItemBody,
        response: { 200: envelope(processList) },
      },
      config: { access: { permission: 'queues.manage' } },
    },
    async (req) =>
      ok(
        await service.removeItem(
          req.body.queueItemId,
          req.body.processListId,
          req.auth!.permissions,
          requestContext(req),
        ),
        'Item removed from process list',
      ),
  );
}
