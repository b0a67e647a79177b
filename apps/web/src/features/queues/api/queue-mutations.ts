import { useMutation, useQueryClient } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../../api/client';
import type { QueueItemStatus, QueueKind } from '@vaultdesk/contract';
import { queuesKeys } from '../query-keys';

/** Every queue change refreshes the queue's lists and process lists (and counters). */
const useQueueMutation = <V>(queue: QueueKind, fn: (v: V) => Promise<{ message: string }>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queuesKeys.queue(queue) }),
  });
};

export const useUpdateQueueItem = (queue: QueueKind) =>
  useQueueMutation(queue, (v: { queueItemId: string; status: QueueItemStatus }) =>
    apiRequest(`admin/update-${queue}-queue-item`, anyPayload, { method: 'PUT', body: v }),
  );

export const useCancelQueueItem = (queue: QueueKind) =>
  useQueueMutation(queue, (queueItemId: string) =>
    apiRequest(`admin/cancel-${queue}-queue-item`, anyPayload, { method: 'PUT', body: { queueItemId } }),
  );

export const useCreateProcessList = (queue: QueueKind) =>
  useQueueMutation(queue, () =>
    apiRequest('advanced/create-process-list', anyPayload, { method: 'POST', body: { processType: queue } }),
  );

export const addQueueItemToProcessList = (queueItemId: string, processListId: string) =>
  apiRequest('advanced/add-queue-item-to-process-list', anyPayload, {
    method: 'POST',
    body: { queueItemId, processListId },
  });

export const useRemoveFromProcessList = (queue: QueueKind) =>
  useQueueMutation(queue, (v: { queueItemId: string; processListId: string }) =>
    apiRequest('advanced/remove-queue-item-from-process-list', anyPayload, { method: 'POST', body: v }),
  );

export const useProcessBatch = (queue: QueueKind) =>
  useQueueMutation(queue, (processListId: string) =>
    apiRequest('advanced/process-batch', anyPayload, { method: 'POST', body: { processListId } }),
  );

export const useUpdateAfterWithdrawal = () =>
  useQueueMutation('withdraw', (queueId: string) =>
    apiRequest('advanced/update-queue-after-withdrawal', anyPayload, { method: 'POST', body: { queueId } }),
  );
