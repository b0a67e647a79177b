import { auditPage, auditQuery, envelope } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { createAuditService } from './audit.service';

export function auditRoutes(app: App, { db }: Deps) {
  const service = createAuditService(db);
  app.get('/v1/admin/audit-logs', {
    schema: { tags: ['audit'], summary: 'The audit trail, newest first, filterable', querystring: auditQuery, response: { 200: envelope(auditPage) } },
    config: { access: { permission: 'audit.read' } },
  }, async (req) => ok(await service.list(req.query)));
}
