import type { ReconciliationKind } from '@vaultdesk/contract';

export const reconciliationKeys = {
  state: ['admin', 'reconciliation'] as const,
  rows: (kind: ReconciliationKind, page: number, runId: string | undefined) =>
    ['admin', 'reconciliation', 'rows', kind, page, runId] as const,
};
