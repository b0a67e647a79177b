import { z } from 'zod';
import {
  accessCodeBody,
  accessCodeQuery,
  envelope,
  maillists,
  newsletter,
  newsletterConfig,
  newsletterConfigBody,
  newsletterDraftBody,
  newsletterIdParams,
  newslettersPage,
  newslettersQuery,
  newsletterStatusBody,
  senderPinBody,
  submitNewsletterBody,
  subscriberCounts,
  testSendResult,
  unsubscribeQuery,
} from '@vaultdesk/contract';
import { fileAnswer } from '../../http/api-description';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createNewslettersService } from './newsletters.service';

export function newslettersRoutes(app: App, { db, config, jobs }: Deps) {
  const service = createNewslettersService(db, config, jobs);
  const perms = (req: { auth: { permissions: string[] } | null }) => req.auth?.permissions ?? [];
  const tags = ['newsletters'];

  app.get(
    '/v1/newsletters',
    {
      schema: {
        tags,
        summary: 'Newsletters, newest first, 10 per page',
        querystring: newslettersQuery,
        response: { 200: envelope(newslettersPage) },
      },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async (req) => ok(await service.list(req.query.page, req.query.pageSize)),
  );

  app.get(
    '/v1/newsletters/maillist',
    {
      schema: {
        tags,
        summary: 'The mail lists a newsletter can go to, with their subscriber counts',
        response: { 200: envelope(maillists) },
      },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async () => ok(await service.maillists()),
  );

  app.get(
    '/v1/subscribers',
    {
      schema: { tags, summary: 'Subscriber and unsubscriber counts', response: { 200: envelope(subscriberCounts) } },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async () => ok(await service.subscribers()),
  );

  app.get(
    '/v1/newsletters/config',
    {
      schema: {
        tags,
        summary: 'The newsletter system config (sender, batch size, wait)',
        response: { 200: envelope(newsletterConfig) },
      },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async () => ok(await service.getConfig()),
  );

  app.put(
    '/v1/newsletters/config',
    {
      schema: {
        tags,
        summary: 'Change the newsletter system config, access code or sender pin',
        body: newsletterConfigBody,
        response: { 200: envelope(newsletterConfig) },
      },
      config: { access: { permission: 'newsletters.configure' } },
    },
    async (req) =>
      ok(await service.updateConfig(req.body, requestContext(req)), 'Newsletter config Updated Successfully'),
  );

  app.get(
    '/v1/newsletters/:id',
    {
      schema: {
        tags,
        summary: 'One newsletter with its send progress',
        params: newsletterIdParams,
        response: { 200: envelope(newsletter) },
      },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async (req) => ok(await service.get(req.params.id)),
  );

  app.post(
    '/v1/newsletters/draft',
    {
      schema: {
        tags,
        summary: 'Save a draft (new, or an edit of a saved one with id)',
        body: newsletterDraftBody,
        response: { 200: envelope(newsletter) },
      },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async (req) => ok(await service.saveDraft(req.body, requestContext(req)), 'NewsLetter Saved Successfully'),
  );

  app.post(
    '/v1/newsletters',
    {
      schema: {
        tags,
        summary: 'Submit a saved newsletter for approval (access code)',
        body: submitNewsletterBody,
        response: { 200: envelope(newsletter) },
      },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async (req) =>
      ok(await service.submit(req.body.id, req.body.access_code, perms(req), requestContext(req)), 'NewsLetter sent'),
  );

  app.post(
    '/v1/newsletters/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a saved newsletter to the test mail list (access code)',
        params: newsletterIdParams,
        body: accessCodeBody,
        response: { 200: envelope(testSendResult) },
      },
      config: { access: { permission: 'newsletters.manage' } },
    },
    async (req) =>
      ok(await service.sendTest(req.params.id, req.body.access_code, requestContext(req)), 'Test NewsLetter sent'),
  );

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
