import { dashboardCards, envelope } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { createDashboardService } from './dashboard.service';

export function dashboardRoutes(app: App, { db }: Deps) {
  const service = createDashboardService(db);
  app.get('/v1/admin/dashboard', {
    schema: { tags: ['dashboard'], summary: 'Dashboard cards', response: { 200: envelope(dashboardCards) } },
    config: { access: { permission: 'dashboard.read' } },
  }, async () => ok(await service.cards()));
}
