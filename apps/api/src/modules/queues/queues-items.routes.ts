import {
  envelope,
  queueItem,
  queueItemIdBody,
  queueItemStatusBody,
  queueListQuery,
  queuePage,
  queueStatusCounts,
  queueStatusQuery,
  type QueueKind,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createQueuesService } from './queues.service';

/** The deposit and withdraw queues: their lists, status changes, cancelling, counts. */
export function queueItemRoutes(app: App, service: ReturnType<typeof createQueuesService>) {
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
}
