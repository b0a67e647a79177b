import { dashboardCards, envelope } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { reuseFor } from '../../caching/reuse';
import { createDashboardService } from './dashboard.service';

export function dashboardRoutes(app: App, { db, config }: Deps) {
  const service = createDashboardService(db);
  // Three counts over every customer: reused like the other dashboard totals (DASHBOARD_CACHE_SECONDS).
  const cards = reuseFor(config.dashboardCacheSeconds * 1000, service.cards);
  app.get(
    '/v1/admin/dashboard',
    {
      schema: { tags: ['dashboard'], summary: 'Dashboard cards', response: { 200: envelope(dashboardCards) } },
      config: { access: { permission: 'dashboard.read' } },
    },
    async () => ok(await cards()),
  );
}
