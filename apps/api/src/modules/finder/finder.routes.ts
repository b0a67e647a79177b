import { envelope, finderQuery, finderResult } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { createFinderService } from './finder.service';

export function finderRoutes(app: App, { db }: Deps) {
  const service = createFinderService(db);
  app.get('/v1/admin/finder', {
    schema: { tags: ['finder'], summary: "Activity search: a customer's sign-ins, transactions and the staff actions on them, by e-mail", querystring: finderQuery, response: { 200: envelope(finderResult) } },
    config: { access: { permission: 'users.read' } },
  }, async (req) => {
    const result = await service.find(req.query.email, req.auth!.permissions.includes('users.devices'));
    return ok(result, result.user ? 'Search Done' : 'No user with this e-mail');
  });
}
