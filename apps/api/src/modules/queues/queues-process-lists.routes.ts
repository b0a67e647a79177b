import {
  createProcessListBody,
  envelope,
  processList,
  processListItemBody,
  processLists,
  processListsQuery,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createQueuesService } from './queues.service';

/** Process lists: the open list and the items added to or taken out of it. */
export function processListRoutes(app: App, service: ReturnType<typeof createQueuesService>) {
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
