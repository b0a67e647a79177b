import { auditAnchor, auditAnchorStatus, auditChainReport, auditPage, auditQuery, envelope } from '@vaultdesk/contract';
import type { App, Deps } from '../../http/app-types';
import { requestContext } from '../../http/context';
import { ok } from '../../http/envelope';
import { anchorMessage, anchorStatus, verifyAuditTrail, writeAnchor } from './audit-anchors';
import { createAuditService } from './audit.service';

export function auditRoutes(app: App, { db, config, files }: Deps) {
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
          "Walk the audit trail's hash chain and check the rows against every anchor (file store and chain): intact, or what does not match (409 while another check runs)",
        response: { 200: envelope(auditChainReport) },
      },
      config: { access: { permission: 'audit.read' } },
    },
    async () => {
      const report = await verifyAuditTrail(db.$client, {
        objects: files.objects,
        rpcUrls: config.chain.rpcUrls,
        exclusive: true,
      });
      return ok(report, report.message);
    },
  );

  app.get(
    '/v1/admin/audit-logs/anchors/latest',
    {
      schema: {
        tags: ['audit'],
        summary:
          "The newest anchor of the audit trail's head (from the anchors' index), and whether anchoring works here",
        response: { 200: envelope(auditAnchorStatus) },
      },
      config: { access: { permission: 'audit.read' } },
    },
    async () => ok(await anchorStatus(db, config)),
  );

  // Anchor now: a transaction on the configured chain and an object in the file store (audited).
  app.post(
    '/v1/admin/audit-logs/anchors',
    {
      schema: {
        tags: ['audit'],
        summary:
          "Anchor the audit trail's head now: the rows since the last anchor, on chain and in the file store (409: nothing new, no chain or key configured, or an anchoring under way; 503: the chain did not take it)",
        response: { 200: envelope(auditAnchor) },
      },
      config: { access: { permission: 'audit.anchor' } },
    },
    async (req) => {
      const anchor = (await writeAnchor(db, config, files.objects, requestContext(req)))!;
      return ok(anchor, anchorMessage(anchor));
    },
  );
}
