import { envelope, newsletterConfig, newsletterConfigBody } from '@vaultdesk/contract';
import type { App } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import type { createNewslettersService } from './newsletters.service';

const tags = ['newsletters'];

/** The newsletter system config: sender, batch size, wait, access code and sender pin. */
export function newsletterConfigRoutes(app: App, service: ReturnType<typeof createNewslettersService>) {
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
}
