import {
  createServiceClientBody,
  envelope,
  rotateServiceClientBody,
  serviceClientParams,
  serviceClientRecord,
  serviceClientSecret,
  serviceClientsPage,
  serviceClientsQuery,
  updateServiceClientBody,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createIntegrationsService } from './integrations.service';

const tags = ['integrations'];
const access = { permission: 'integrations.manage' } as const;

/**
 * The Advanced "Integrations" screen (Super Admin): service clients of the product API. A secret
 * is answered once (create, rotate, or the requester's reveal after a four-eyes approval), never
 * listed, never logged, never audited.
 */
export function integrationsRoutes(app: App, { db, config }: Deps) {
  const service = createIntegrationsService(db, config);

  app.get(
    '/v1/advanced/integrations',
    {
      schema: {
        tags,
        summary:
          'Service clients, active first then newest first: scopes, webhook, rate limit, status, last use, whether a rotated-out secret is still valid (never a secret)',
        querystring: serviceClientsQuery,
        response: { 200: envelope(serviceClientsPage) },
      },
      config: { access },
    },
    async (req) => ok(await service.list(req.auth?.staffId ?? null, req.query.page, req.query.pageSize)),
  );

  app.post(
    '/v1/advanced/integrations',
    {
      schema: {
        tags,
        summary:
          'Create a service client: its key id and secret, the secret shown this once (409 when the name is taken; webhook URL https, or http on the local network where allowed)',
        body: createServiceClientBody,
        response: { 200: envelope(serviceClientSecret) },
      },
      config: { access, approval: 'integrations.create' },
    },
    async (req) => {
      const { client, secret } = await service.create(req.body, requestContext(req));
      return ok({ client, secret: secret! }, 'Service client created: copy its secret now, it will not be shown again');
    },
  );

  app.patch(
    '/v1/advanced/integrations/:clientId',
    {
      schema: {
        tags,
        summary:
          "Change a service client's name, scopes, webhook, event types or rate limit (not its secret); a revoked client: 409",
        params: serviceClientParams,
        body: updateServiceClientBody,
        response: { 200: envelope(serviceClientRecord) },
      },
      config: { access, approval: 'integrations.update' },
    },
    async (req) =>
      ok(await service.update(req.params.clientId, req.body, requestContext(req)), 'Service client updated'),
  );

  app.post(
    '/v1/advanced/integrations/:clientId/rotate',
    {
      schema: {
        tags,
        summary:
          'A new secret, shown this once; the old one stays valid graceHours more (0: refused at once; a rotation during a grace replaces the previous one); a revoked client: 409',
        params: serviceClientParams,
        body: rotateServiceClientBody,
        response: { 200: envelope(serviceClientSecret) },
      },
      config: { access, approval: 'integrations.rotate' },
    },
    async (req) => {
      const { client, secret } = await service.rotate(req.params.clientId, req.body.graceHours, requestContext(req));
      return ok({ client, secret: secret! }, 'Secret rotated: copy the new secret now, it will not be shown again');
    },
  );

  app.post(
    '/v1/advanced/integrations/:clientId/revoke',
    {
      schema: {
        tags,
        summary:
          'Revoke a service client at once: every later call 401, no more webhooks; final (409 when already revoked)',
        params: serviceClientParams,
        response: { 200: envelope(serviceClientRecord) },
      },
      config: { access, approval: 'integrations.revoke' },
    },
    async (req) => ok(await service.revoke(req.params.clientId, requestContext(req)), 'Service client revoked'),
  );

  app.post(
    '/v1/advanced/integrations/:clientId/reveal-secret',
    {
      schema: {
        tags,
        summary:
          'The secret an approved create or rotate made, for the staff member who asked for it only, once (404 when none waits for the caller)',
        params: serviceClientParams,
        response: { 200: envelope(serviceClientSecret) },
      },
      config: { access },
    },
    async (req) =>
      ok(
        await service.reveal(req.params.clientId, requestContext(req)),
        'Copy the secret now: it will not be shown again',
      ),
  );
}
