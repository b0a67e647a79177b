import {
  envelope,
  productEventsPage,
  productEventsQuery,
  webhookClientParams,
  webhookDeliveriesPage,
  webhookDeliveriesQuery,
  webhookDeliveryParams,
  webhookReplayResult,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createWebhooksService } from './webhooks.service';

/** The deliveries staff read and replay (integrations.manage), and the events feed of the product API. */
export function webhooksRoutes(app: App, { db }: Deps) {
  const service = createWebhooksService(db);

  app.get(
    '/v1/advanced/integrations/:clientId/deliveries',
    {
      schema: {
        tags: ['integrations'],
        summary: "A service client's webhook deliveries, newest first, optionally of one status",
        params: webhookClientParams,
        querystring: webhookDeliveriesQuery,
        response: { 200: envelope(webhookDeliveriesPage) },
      },
      config: { access: { permission: 'integrations.manage' } },
    },
    async (req) => ok(await service.deliveries(req.params.clientId, req.query)),
  );

  app.post(
    '/v1/advanced/integrations/:clientId/deliveries/:deliveryId/replay',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Send a delivered or failed webhook delivery again (it becomes pending, due now)',
        params: webhookDeliveryParams,
        response: { 200: envelope(webhookReplayResult) },
      },
      config: { access: { permission: 'integrations.manage' } },
    },
    async (req) =>
      ok(
        await service.replay(req.params.clientId, req.params.deliveryId, requestContext(req)),
        'Delivery queued again',
      ),
  );

  app.post(
    '/v1/advanced/integrations/:clientId/deliveries/replay-failed',
    {
      schema: {
        tags: ['integrations'],
        summary: 'Send every failed webhook delivery of a service client again; answers how many',
        params: webhookClientParams,
        response: { 200: envelope(webhookReplayResult) },
      },
      config: { access: { permission: 'integrations.manage' } },
    },
    async (req) => {
      const result = await service.replayFailed(req.params.clientId, requestContext(req));
      return ok(result, `${result.replayed} failed deliveries queued again`);
    },
  );

  app.get(
    '/product/v1/events',
    {
      schema: {
        tags: ['product API'],
        summary:
          'The events of the types this client subscribes to after the cursor `after` (an outbox id), oldest first, in the webhook body shape, with nextCursor',
        querystring: productEventsQuery,
        response: { 200: productEventsPage },
      },
      config: { productScope: 'events.read' },
    },
    async (req) => service.events(req.serviceClient!.id, req.query.after, req.query.limit),
  );
}
