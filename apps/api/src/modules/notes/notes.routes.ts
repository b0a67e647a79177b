import {
  addKycNoteBody,
  addUserNoteBody,
  caseNote,
  caseNotesPage,
  envelope,
  kycNotesQuery,
  NOTE_MESSAGES,
  userNotesQuery,
} from '@vaultdesk/contract';
import type { FastifyRequest } from 'fastify';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { createNotesService, noteScopeFor, type NoteAuthor, type NoteScope } from './notes.service';

const noteScopeOf = (req: FastifyRequest): NoteScope => noteScopeFor(req.auth?.permissions);
const authorOf = (req: FastifyRequest): NoteAuthor => ({
  id: req.auth!.staffId,
  email: req.auth!.email,
  fullName: req.auth!.fullName,
});

/**
 * Notes on cases. Reading follows the screen (user profile: users.read; Manage KYC: kyc.read),
 * each screen showing every note of the customer its reader may read. Adding needs notes.write
 * and the screen's own read permission: nobody writes on a case they cannot see.
 */
export function notesRoutes(app: App, { db }: Deps) {
  const service = createNotesService(db);

  app.get(
    '/v1/admin/user-notes',
    {
      schema: {
        tags: ['user profile'],
        summary:
          "A customer's notes, newest first, paged: those on the customer and (with kyc.read) those on their KYC case",
        querystring: userNotesQuery,
        response: { 200: envelope(caseNotesPage) },
      },
      config: { access: { permission: 'users.read' } },
    },
    async (req) => ok(await service.userNotes(req.query.userId, noteScopeOf(req), req.query.page, req.query.pageSize)),
  );

  app.post(
    '/v1/admin/user-notes',
    {
      schema: {
        tags: ['user profile'],
        summary:
          'Add a note to a customer (append-only: a correction is a new note naming the one it corrects in correctsId)',
        body: addUserNoteBody,
        response: { 200: envelope(caseNote) },
      },
      config: { access: { permission: 'notes.write' } },
    },
    async (req) => {
      if (!noteScopeOf(req).customer)
        throw forbidden('Your role may not see this customer, so it may not add notes to them');
      return ok(await service.addUserNote(req.body, authorOf(req), requestContext(req)), NOTE_MESSAGES.added);
    },
  );

  app.get(
    '/v1/admin/kyc/kyc-notes',
    {
      schema: {
        tags: ['kyc'],
        summary:
          "A KYC case's notes, newest first, paged: those on the case and (with users.read) those on its customer",
        querystring: kycNotesQuery,
        response: { 200: envelope(caseNotesPage) },
      },
      config: { access: { permission: 'kyc.read' } },
    },
    async (req) => ok(await service.kycNotes(req.query.kycId, noteScopeOf(req), req.query.page, req.query.pageSize)),
  );

  app.post(
    '/v1/admin/kyc/kyc-notes',
    {
      schema: {
        tags: ['kyc'],
        summary:
          'Add a note to a KYC case (append-only: a correction is a new note naming the one it corrects in correctsId)',
        body: addKycNoteBody,
        response: { 200: envelope(caseNote) },
      },
      config: { access: { permission: 'notes.write' } },
    },
    async (req) => {
      if (!noteScopeOf(req).kyc) throw forbidden('Your role may not see KYC cases, so it may not add notes to them');
      return ok(await service.addKycNote(req.body, authorOf(req), requestContext(req)), NOTE_MESSAGES.added);
    },
  );
}
