import { App, Button, Flex } from 'antd';
import type { Hash } from 'viem';
import { processListMachine, sentNotSaved, stateInfo, type ProcessList, type QueueKind } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { useProcessBatch, useRemoveFromProcessList } from '../api/queue-mutations';
import { releaseSentBatch } from '../api/record-sent-batch';
import { batchControls } from './batch-steps';
import { StatusTag } from '../../../components/status-tag';
import { Card } from '../../../components/light-card';
import { Typography } from '../../../components/typography';
import { useBatchRun } from './use-batch-run';
import { BatchProgressModal } from './batch-progress-modal';
import { ProcessListItems, ProcessListSummary } from './process-list-details';

/**
 * The active process list (the first whose status is not 2): its items, the batch in the wallet,
 * and Update Queue and Plans. Once the wallet has sent the list's batch (its hash recorded on the
 * server), the batch button only offers to save that hash: the batch is never sent twice.
 */
export const ProcessListPanel = ({
  queue,
  list,
  loading = false,
}: {
  queue: QueueKind;
  list: ProcessList | null;
  loading?: boolean;
}) => {
  const { message, modal } = App.useApp();
  const remove = useRemoveFromProcessList(queue);
  const processBatch = useProcessBatch(queue);
  const batch = useBatchRun(queue);

  if (!list) {
    return (
      <Card size="small" title="Process list" data-testid="process-list-panel" loading={loading}>
        <Typography.Text type="secondary">
          No open process list. Select pending items and press Process List.
        </Typography.Text>
      </Card>
    );
  }
  const state = stateInfo(processListMachine, list.status);
  const sent = sentNotSaved(list) ? (list.sentHash as Hash) : null;
  const controls = batchControls(queue, list, sent, batch.progress);

  const release = () =>
    modal.confirm({
      title: 'Are you sure?',
      content: `Release ${sent}? Only a transaction that reverted on chain moved nothing and is released (the server checks); the list can then be sent again.`,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () =>
        releaseSentBatch(list._id).then(
          (r) => {
            message.success(r.message);
            return batch.refresh();
          },
          (e: unknown) => {
            message.error(errorMessage(e));
          },
        ),
    });

  return (
    <Card
      size="small"
      title={`Process list (${queue})`}
      data-testid="process-list-panel"
      extra={
        <StatusTag color={state.color} data-testid="process-list-status">{`${list.status} · ${state.label}`}</StatusTag>
      }
    >
      <ProcessListSummary list={list} sent={sent} />
      <ProcessListItems
        list={list}
        // A sent batch's items are what its transaction carried: none leaves until it is saved.
        onRemove={
          controls.canRemoveItems
            ? (i) =>
                remove.mutate(
                  { queueItemId: i._id, processListId: list._id },
                  {
                    onSuccess: () => message.success('Item removed'),
                    onError: (e) => message.error(errorMessage(e)),
                  },
                )
            : undefined
        }
      />
      <Flex gap={8} style={{ marginTop: 12 }} wrap>
        {controls.showBatch && (
          <Button type="primary" disabled={controls.batchDisabled} onClick={() => batch.start(list, sent)}>
            {controls.batchLabel}
          </Button>
        )}
        {controls.showRelease && (
          <Button danger disabled={controls.releaseDisabled} onClick={release}>
            Release reverted batch
          </Button>
        )}
        {controls.showUpdateQueue && (
          <Button
            type="primary"
            loading={processBatch.isPending}
            // The promise, not mutate's callbacks: the list disappears from the panel as the refetch lands, and the toast must still show.
            onClick={() =>
              void processBatch.mutateAsync(list._id).then(
                (r) => message.success(r.message),
                (e: unknown) => message.error(errorMessage(e)),
              )
            }
          >
            Update Queue and Plans
          </Button>
        )}
      </Flex>
      <BatchProgressModal progress={batch.progress} steps={batch.steps} close={batch.close} />
    </Card>
  );
};
