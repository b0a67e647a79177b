import { z } from 'zod';
import {
  envelope,
  greeting,
  greetingBody,
  greetingIdQuery,
  greetingsPage,
  greetingsQuery,
  liveGreetings,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createGreetingsService } from './greetings.service';

export function greetingsRoutes(app: App, { db }: Deps) {
  const service = createGreetingsService(db);

  app.get(
    '/v1/admin/get-alerts',
    {
      schema: {
        tags: ['greetings'],
        summary: 'Every greeting, live or expired, newest first',
        querystring: greetingsQuery,
        response: { 200: envelope(greetingsPage) },
      },
      config: { access: { permission: 'greetings.manage' } },
    },
    async (req) => ok(await service.list(req.query)),
  );

  app.post(
    '/v1/admin/create-alert',
    {
      schema: {
        tags: ['greetings'],
        summary: 'Create a greeting',
        body: greetingBody,
        response: { 200: envelope(greeting) },
      },
      config: { access: { permission: 'greetings.manage' } },
    },
    async (req) => ok(await service.create(req.body, requestContext(req)), 'Greeting created Successfully'),
  );

  app.patch(
    '/v1/admin/update-alert',
    {
      schema: {
        tags: ['greetings'],
        summary: 'Update a greeting',
        querystring: greetingIdQuery,
        body: greetingBody,
        response: { 200: envelope(greeting) },
      },
      config: { access: { permission: 'greetings.manage' } },
    },
    async (req) =>
      ok(await service.update(req.query.id, req.body, requestContext(req)), 'Greeting Updated Successfully'),
  );

  app.delete(
    '/v1/admin/delete-alert',
    {
      schema: {
        tags: ['greetings'],
        summary: 'Delete a greeting',
        querystring: greetingIdQuery,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
      config: { access: { permission: 'greetings.manage' } },
    },
    async (req) => ok(await service.remove(req.query.id, requestContext(req)), 'Greeting removed Successfully'),
  );

  // The customer app's read: greetings are public texts, so no staff session is asked for.
  app.get(
    '/v1/user/get-all-alert',
    {
      schema: {
        tags: ['greetings'],
        summary: 'Live greetings for the customer app',
        response: { 200: envelope(liveGreetings) },
      },
      config: { access: { permission: 'public' } },
    },
    async () => ok(await service.live()),
  );
}
