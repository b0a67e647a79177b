import {
  botConfig,
  botConfigs,
  botRuns,
  configIdParams,
  configValueBody,
  cronjobTimes,
  envelope,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createBotsService } from './bots.service';

export function botsRoutes(app: App, { db, jobs }: Deps) {
  const service = createBotsService(db, jobs);
  const tags = ['bots'];

  app.get(
    '/v1/configs',
    {
      schema: {
        tags,
        summary: 'Bot switches and cron intervals (404 when the scheduler is not reachable)',
        response: { 200: envelope(botConfigs) },
      },
      config: { access: { permission: 'bots.manage' } },
    },
    async () => ok(await service.list()),
  );

  app.get(
    '/v1/configs/cronjob-time',
    {
      schema: { tags, summary: 'The cron intervals a bot can run at', response: { 200: envelope(cronjobTimes) } },
      config: { access: { permission: 'bots.manage' } },
    },
    async () => ok(await service.cronTimes()),
  );

  app.get(
    '/v1/configs/runs',
    {
      schema: { tags, summary: "Each bot's last runs: outcome and duration", response: { 200: envelope(botRuns) } },
      config: { access: { permission: 'bots.manage' } },
    },
    async () => ok(await service.runs(10)),
  );

  app.patch(
    '/v1/configs/:id',
    {
      schema: {
        tags,
        summary: 'Set a switch (true/false) or a cron interval',
        params: configIdParams,
        body: configValueBody,
        response: { 200: envelope(botConfig) },
      },
      config: { access: { permission: 'bots.manage' } },
    },
    async (req) =>
      ok(await service.update(req.params.id, req.body.value, requestContext(req)), 'Config Updated Successfully'),
  );
}
