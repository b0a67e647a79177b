import { z } from 'zod';
import {
  accessCodeBody,
  accessCodeQuery,
  envelope,
  newsletter,
  newsletterIdParams,
  newsletterStatusBody,
  senderPinBody,
  unsubscribeQuery,
} from '@vaultdesk/contract';
import { fileAnswer } from '../../http/api-description';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createNewslettersService } from './newsletters.service';

const tags = ['newsletters'];
const perms = (req: { auth: { permissions: string[] } | null }) => req.auth?.permissions ?? [];

/** Sending: approve, pause or resume, terminate, delete, and the unsubscribe link of every mail. */
export function newsletterSendRoutes(app: App, service: ReturnType<typeof createNewslettersService>) {
  app.post(
    '/v1/newsletters/:id/send',
    {
      schema: {
        tags,
        summary: "Approve a pending newsletter and start sending (sender pin; not the creator's own)",
        params: newsletterIdParams,
        body: senderPinBody,
        response: { 200: envelope(newsletter) },
      },
      config: { access: { permission: 'newsletters.approve' } },
    },
    async (req) =>
      ok(await service.approve(req.params.id, req.body.sender_pin, requestContext(req)), 'NewsLetters Sending Started'),
  );

  app.patch(
    '/v1/newsletters/:id/status',
    {
      schema: {
        tags,
        summary: 'Pause (paused) or resume (pending) an approved newsletter (access code)',
        params: newsletterIdParams,
        body: newsletterStatusBody,
        response: { 200: envelope(newsletter) },
      },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async (req) =>
      ok(
        await service.setStatus(req.params.id, req.body.status, req.body.access_code, perms(req), requestContext(req)),
        req.body.status === 'paused' ? 'Sending NewsLetters Paused' : 'Sending NewsLetters Resumed',
      ),
  );

  app.post(
    '/v1/newsletters/terminate/:id',
    {
      schema: {
        tags,
        summary: 'Terminate a pending or paused newsletter (access code)',
        params: newsletterIdParams,
        body: accessCodeBody,
        response: { 200: envelope(newsletter) },
      },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async (req) =>
      ok(
        await service.terminate(req.params.id, req.body.access_code, perms(req), requestContext(req)),
        'NewsLetter terminated',
      ),
  );

  app.delete(
    '/v1/newsletters/:id',
    {
      schema: {
        tags,
        summary: 'Delete a terminated, paused or sent newsletter (access code)',
        params: newsletterIdParams,
        querystring: accessCodeQuery,
        response: { 200: envelope(z.object({ _id: z.string() })) },
      },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async (req) =>
      ok(
        await service.remove(req.params.id, req.query.access_code, perms(req), requestContext(req)),
        'NewsLetter deleted',
      ),
  );

  // The link in every newsletter: anyone holding it may unsubscribe that one address.
  app.get(
    '/v1/newsletters/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Unsubscribe from the newsletter (signed link from the mail)',
        querystring: unsubscribeQuery,
        response: { 200: fileAnswer('text/html', 'A page saying the address is unsubscribed') },
      },
      config: { access: { permission: 'public' } },
    },
    async (req, reply) => {
      const email = await service.unsubscribe(req.query.token);
      const safe = email.replace(/[<>&"']/g, '');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html><head><title>Unsubscribed</title></head><body><h1>You are unsubscribed</h1><p>${safe} will no longer receive the Vault Token newsletter.</p></body></html>`,
        );
    },
  );
}
