import { auditChainReport, auditPage, auditQuery, envelope } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { ok } from '../../http/envelope';
import { verifyAuditChain } from './audit-chain';
import { createAuditService } from './audit.service';

export function auditRoutes(app: App, { db }: Deps) {
  const service = createAuditService(db);
  app.get(
    '/v1/admin/audit-logs',
    {
      schema: {
        tags: ['audit'],
        summary: 'The audit trail, newest first, filterable',
        querystring: auditQuery,
        response: { 200: envelope(auditPage) },
      },
      config: { access: { permission: 'audit.read' } },
    },
    async (req) => ok(await service.list(req.query)),
  );

  // Read-only and in the request: the walk costs about 1.6 s per 100,000 rows on the busy 2-core
  // machine (bench/results/2026-11-25-audit-chain.md); one at a time, as each holds a connection
  // and a snapshot for its length. Larger trails: npm run audit:verify. See docs/decisions/audit-trail.md.
  app.get(
    '/v1/admin/audit-logs/verify',
    {
      schema: {
        tags: ['audit'],
        summary:
          "Walk the audit trail's hash chain: intact with the rows checked, or the first row that does not match (409 while another check runs)",
        response: { 200: envelope(auditChainReport) },
      },
      config: { access: { permission: 'audit.read' } },
    },
    async () => {
      const report = await verifyAuditChain(db.$client, { exclusive: true });
      return ok(report, report.message);
    },
  );
}
