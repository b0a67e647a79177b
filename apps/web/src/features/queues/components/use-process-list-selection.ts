import { useState } from 'react';
import { App } from 'antd';
import { sumAmounts, type QueueItem, type QueueKind } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { addQueueItemToProcessList, useCreateProcessList } from '../api/queue-mutations';

/**
 * The pending items selected on a queue page, their total, and Process List: adds them to the
 * queue's open list, then `refetchLists`.
 */
export const useProcessListSelection = (queue: QueueKind, refetchLists: () => Promise<unknown>) => {
  const { message } = App.useApp();
  const [selected, setSelected] = useState<QueueItem[]>([]);
  const [adding, setAdding] = useState(false);
  const createList = useCreateProcessList(queue);
  const total = sumAmounts(selected.map((s) => s.amount));

  const processList = async () => {
    setAdding(true);
    try {
      // The queue's open list, made by the server if there is none: staff pressing Process List at once
      // share one list, and a list already saved on chain is refused (409) with the server's message.
      const open = await createList.mutateAsync();
      const listId = (open as unknown as { data: { _id: string } }).data._id;
      for (const item of selected) await addQueueItemToProcessList(item._id, listId);
      message.success(`${selected.length} items added to the process list`);
      setSelected([]);
    } catch (e) {
      message.error(errorMessage(e));
    } finally {
      setAdding(false);
      await refetchLists();
      createList.reset();
    }
  };

  return { selected, setSelected, total, adding, processList };
};
