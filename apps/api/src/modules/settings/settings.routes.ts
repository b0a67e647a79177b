import {
  envelope,
  processSettings,
  processSettingsBody,
  processSettingsList,
  settingsHistoryPage,
  settingsHistoryQuery,
} from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { createSettingsService } from './settings.service';

export function settingsRoutes(app: App, { db }: Deps) {
  const service = createSettingsService(db);

  app.get(
    '/v1/admin/all-Process-settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'The current internal settings (the screen reads data[0])',
        response: { 200: envelope(processSettingsList) },
      },
      config: { access: { permission: 'settings.manage' } },
    },
    async () => ok(await service.current()),
  );

  app.get(
    '/v1/admin/process-settings-history',
    {
      schema: {
        tags: ['settings'],
        summary: 'Every version of the internal settings, newest first, with who and when',
        querystring: settingsHistoryQuery,
        response: { 200: envelope(settingsHistoryPage) },
      },
      config: { access: { permission: 'settings.manage' } },
    },
    async (req) => ok(await service.history(req.query)),
  );

  app.put(
    '/v1/admin/update-Process-settings',
    {
      schema: {
        tags: ['settings'],
        summary: 'Set the VLT and BUSD USD prices and the VLT APR (a new version)',
        body: processSettingsBody,
        response: { 200: envelope(processSettings) },
      },
      config: { access: { permission: 'settings.manage' }, approval: 'settings.update' },
    },
    async (req) => ok(await service.update(req.body, requestContext(req)), 'level updated Successfully'),
  );
}
