import { envelope, maillists, newslettersPage, newslettersQuery, subscriberCounts } from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { ok } from '../../http/envelope';
import type { createNewslettersService } from './newsletters.service';

const tags = ['newsletters'];

/** The newsletter list, the mail lists and the subscriber counts. */
export function newsletterListRoutes(app: App, service: ReturnType<typeof createNewslettersService>) {
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
}
