import type { QueueItemStatus, QueueKind } from '@vaultdesk/contract';
import { queueKey } from '../../api/query-keys';

/** Every read of one queue starts with `queue(queue)` (shared: withdraw-out refreshes its own). */
export const queuesKeys = {
  queue: queueKey,
  list: (queue: QueueKind, status: QueueItemStatus, page: number) =>
    [...queueKey(queue), 'list', status, page] as const,
  status: (queue: string) => [...queueKey(queue), 'status'] as const,
  processLists: (queue: QueueKind) => [...queueKey(queue), 'process-lists'] as const,
  walletBalances: (address: string | undefined) => ['queues', 'wallet-balances', address ?? 'operator'] as const,
};
