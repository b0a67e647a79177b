import { z } from 'zod';
import { envelope, userType, userTypeBody, userTypeIdQuery, userTypeList } from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createAgentsService } from './agents.service';

const access = { access: { permission: 'agents.manage' as const } };

/** The user types an agent can hold: listed, created, renamed, deleted. */
export function agentUserTypeRoutes(app: App, service: ReturnType<typeof createAgentsService>) {
  app.get(
    '/v1/admin/user-types/get-user-types',
    {
      schema: { tags: ['agents'], summary: 'Every user type, by name', response: { 200: envelope(userTypeList) } },
      config: access,
    },
    async () => ok(await service.listTypes()),
  );

  app.post(
    '/v1/admin/user-types/add-user-type',
    {
      schema: {
        tags: ['agents'],
        summary: 'Create a user type',
        body: userTypeBody,
        response: { 200: envelope(userType) },
      },
      config: access,
    },
    async (req) => ok(await service.addType(req.body.name, requestContext(req)), 'UserType created successfully'),
  );

  app.patch(
    '/v1/admin/user-types/update-user-type',
    {
      schema: {
        tags: ['agents'],
        summary: 'Rename a user type',
        querystring: userTypeIdQuery,
        body: userTypeBody,
        response: { 200: envelope(userType) },
      },
      config: access,
    },
    async (req) =>
      ok(await service.renameType(req.query.id, req.body.name, requestContext(req)), 'UserType updated successfully'),
  );

  app.delete(
    '/v1/admin/user-types/delete-user-type',
    {
      schema: {
        tags: ['agents'],
        summary: 'Delete a user type no user holds',
        querystring: userTypeIdQuery,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
      config: access,
    },
    async (req) => ok(await service.deleteType(req.query.id, requestContext(req)), 'UserType deleted successfully'),
  );
}
