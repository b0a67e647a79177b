import {
  accessCodeBody,
  envelope,
  newsletter,
  newsletterDraftBody,
  newsletterIdParams,
  submitNewsletterBody,
  testSendResult,
} from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createNewslettersService } from './newsletters.service';

const tags = ['newsletters'];
const perms = (req: { auth: { permissions: string[] } | null }) => req.auth?.permissions ?? [];

/** One newsletter: read, save as a draft, submit for approval, send to the test list. */
export function newsletterDraftRoutes(app: App, service: ReturnType<typeof createNewslettersService>) {
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
}
