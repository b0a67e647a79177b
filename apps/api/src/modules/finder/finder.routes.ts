import { envelope, finderQuery, finderResult, noteSearchQuery, noteSearchResult } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { noteScopeFor } from '../notes/notes.service';
import { createFinderService } from './finder.service';

export function finderRoutes(app: App, { db }: Deps) {
  const service = createFinderService(db);
  app.get(
    '/v1/admin/finder',
    {
      schema: {
        tags: ['finder'],
        summary:
          "Activity search: a customer's sign-ins, transactions, the staff actions on them and their notes, by e-mail",
        querystring: finderQuery,
        response: { 200: envelope(finderResult) },
      },
      config: { access: { permission: 'users.read' } },
    },
    async (req) => {
      const result = await service.find(
        req.query.email,
        req.auth!.permissions.includes('users.devices'),
        noteScopeFor(req.auth?.permissions),
      );
      return ok(result, result.user ? 'Search Done' : 'No user with this e-mail');
    },
  );

  app.get(
    '/v1/admin/finder/notes',
    {
      schema: {
        tags: ['finder'],
        summary:
          'Activity search over notes: the newest notes whose text holds the search (any part, any case), with their customer; KYC case notes need kyc.read',
        querystring: noteSearchQuery,
        response: { 200: envelope(noteSearchResult) },
      },
      config: { access: { permission: 'users.read' } },
    },
    async (req) => {
      const notes = await service.searchNotes(req.query.search, noteScopeFor(req.auth?.permissions));
      return ok(notes, notes.length ? 'Search Done' : 'No note holds this text');
    },
  );
}
