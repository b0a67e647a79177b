import type { AuditQuery } from '@vaultdesk/contract';

export const auditKeys = {
  /** Every audit query: the trail's pages and the latest anchor (an anchoring changes both). */
  all: ['admin', 'audit-logs'] as const,
  logs: (query: AuditQuery) => ['admin', 'audit-logs', query] as const,
  latestAnchor: ['admin', 'audit-logs', 'anchors', 'latest'] as const,
};
