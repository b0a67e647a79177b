import {
  agentKycResult,
  agentMembership,
  agentsPage,
  agentUserQuery,
  envelope,
  sortUserByUserTypeQuery,
  storeStateBody,
  usertypeMembershipBody,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createAgentsService } from './agents.service';

const access = { access: { permission: 'agents.manage' as const } };

/** Agents: made or unmade agents of a user type, their store state, the agents of a type. */
export function agentMembershipRoutes(app: App, service: ReturnType<typeof createAgentsService>) {
  app.post(
    '/v1/admin/assign-usertype',
    {
      schema: {
        tags: ['agents'],
        summary: 'Make a user an agent of a user type',
        body: usertypeMembershipBody,
        response: { 200: envelope(agentMembership) },
      },
      config: access,
    },
    async (req) =>
      ok(await service.assign(req.body.email, req.body.usertype, requestContext(req)), 'Agent created Successfully'),
  );

  app.put(
    '/v1/admin/remove-usertype',
    {
      schema: {
        tags: ['agents'],
        summary: 'Remove a user as agent of a user type',
        body: usertypeMembershipBody,
        response: { 200: envelope(agentMembership) },
      },
      config: access,
    },
    async (req) =>
      ok(
        await service.remove(req.body.email, req.body.usertype, requestContext(req)),
        'Agent Status Updated Successfully',
      ),
  );

  app.post(
    '/v1/admin/update-location',
    {
      schema: {
        tags: ['agents'],
        summary: "Set an agent's store state",
        querystring: agentUserQuery,
        body: storeStateBody,
        response: { 200: envelope(agentKycResult) },
      },
      config: access,
    },
    async (req) =>
      ok(
        await service.updateLocation(req.query.userid, req.body.storeState, requestContext(req)),
        'Agent Status Updated Successfully',
      ),
  );

  app.get(
    '/v1/admin/sortuser-by-usertype',
    {
      schema: {
        tags: ['agents'],
        summary: 'Agents holding a user type, newest first, 10 a page',
        querystring: sortUserByUserTypeQuery,
        response: { 200: envelope(agentsPage) },
      },
      config: access,
    },
    async (req) => ok(await service.byUserType(req.query.userType, req.query.page)),
  );
}
