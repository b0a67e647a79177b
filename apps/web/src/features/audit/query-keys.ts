import type { AuditQuery } from '@vaultdesk/contract';

export const auditKeys = {
  logs: (query: AuditQuery) => ['admin', 'audit-logs', query] as const,
};
