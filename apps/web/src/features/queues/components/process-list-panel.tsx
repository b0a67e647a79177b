import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { App, Button, Descriptions, Flex, Modal, Progress } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { EIP1193Provider, Hash } from 'viem';
import {
  formatAmount,
  planTypeLabel,
  processListMachine,
  sentNotSaved,
  shortAddress,
  stateInfo,
  type ProcessList,
  type QueueKind,
} from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { formatDateTime, timeZoneName } from '../../../components/date-time';
import { hasInjectedProvider, useWalletState } from '../../../components/wallet/wallet-state';
import { useChainConfig } from '../../../api/chain-config';
import { useProcessBatch, useRemoveFromProcessList } from '../api/queue-mutations';
import { recordSentBatch, releaseSentBatch } from '../api/record-sent-batch';
import { saveBatch } from '../api/save-batch';
import type { BatchProgress } from '../batch/run-batch';
import { addStep, batchBlocker, batchConfirm, batchControls, progressStatus, stepLine } from './batch-steps';
import { StatusTag } from '../../../components/status-tag';
import { DataTable } from '../../../components/data-table';
import { Card } from '../../../components/light-card';
import { Typography } from '../../../components/typography';
import { queuesKeys } from '../query-keys';

/**
 * Resolves once the browser has painted what was just set (a frame, then a task), so each batch
 * step is on screen before the next replaces it; a hidden tab (no frames) goes on after 250 ms.
 */
const nextPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });

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
  const queryClient = useQueryClient();
  const { address, chainId, isConnected } = useWalletState();
  const { data: chain } = useChainConfig();
  const remove = useRemoveFromProcessList(queue);
  const processBatch = useProcessBatch(queue);
  const [progress, setProgress] = useState<BatchProgress | null>(null);
  const [steps, setSteps] = useState<BatchProgress[]>([]);
  const running = useRef(false);
  const onProgress = (p: BatchProgress) => {
    // Committed to the page now, not whenever React next renders: the batch goes on only after a
    // paint, so no step can be replaced before it was on screen.
    flushSync(() => {
      setProgress(p);
      setSteps((all) => addStep(all, p));
    });
    return nextPaint();
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: queuesKeys.queue(queue) });

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

  const start = () => {
    const provider = (window as { ethereum?: EIP1193Provider }).ethereum;
    const blocker = batchBlocker({
      hasProvider: hasInjectedProvider() && !!provider,
      isConnected,
      address,
      chain,
      chainId,
    });
    if (blocker || !provider || !address || !chain?.contracts || !chain.chainId) {
      if (blocker?.level === 'error') message.error(blocker.text);
      else if (blocker) message.warning(blocker.text);
      return;
    }
    modal.confirm({
      title: 'Are you sure?',
      ...batchConfirm(queue, list, sent, address),
      onOk: () => {
        // One batch at a time from this page: a second Start (a double click while the dialog
        // closes) would ask the wallet to send the vault call twice.
        if (running.current) return;
        running.current = true;
        setSteps([]);
        const common = {
          provider,
          chainId: chain.chainId!,
          contracts: chain.contracts!,
          list,
          save: (body: Parameters<typeof saveBatch>[0]) => saveBatch(body),
          onProgress,
        };
        // viem's wallet client loads with the first batch, not with the page.
        void import('../batch/run-batch')
          .then(({ runBatch, saveSentBatch }) =>
            sent
              ? saveSentBatch({ ...common, hash: sent })
              : runBatch({
                  ...common,
                  account: address,
                  // The server sends the wait (BATCH_SHARE_WAIT_SECONDS, else the chain's default; 0 is 0).
                  shareWaitMs: chain.shareWaitSeconds * 1000,
                  // Every browser learns at once that this list's batch went out.
                  record: (hash) => recordSentBatch(list._id, hash).then(() => refresh()),
                }),
          )
          .then((p) => {
            if (p.status === 'success') message.success(p.message ?? 'Batch saved');
            else message.error(p.message ?? 'Could not send batch details to server');
          })
          .catch((e: unknown) => {
            setProgress((p) => ({
              percent: p?.percent ?? 10,
              step: 'Batch failed',
              status: 'exception',
              hash: p?.hash,
              recorded: p?.recorded,
              message: errorMessage(e),
            }));
            message.error(errorMessage(e));
          })
          .finally(() => {
            running.current = false;
            void refresh();
          });
      },
    });
  };

  const controls = batchControls(queue, list, sent, progress);

  return (
    <Card
      size="small"
      title={`Process list (${queue})`}
      data-testid="process-list-panel"
      extra={
        <StatusTag color={state.color} data-testid="process-list-status">{`${list.status} · ${state.label}`}</StatusTag>
      }
    >
      <Descriptions
        size="small"
        column={3}
        items={[
          { key: 'items', label: 'Items', children: <span data-testid="process-list-count">{list.items.length}</span> },
          {
            key: 'total',
            label: 'Total amount',
            children: <span data-testid="process-list-total">{formatAmount(list.totalAmount)}</span>,
          },
          {
            key: 'hash',
            label: 'Transaction hash',
            children: list.transactionHash ? (
              <Typography.Text copyable={{ text: list.transactionHash }}>
                {shortAddress(list.transactionHash)}
              </Typography.Text>
            ) : (
              '—'
            ),
          },
          { key: 'creator', label: 'Created by', children: list.creator.email ?? '—' },
          ...(sent
            ? [
                {
                  key: 'sent',
                  label: 'Sent, not saved',
                  span: 3,
                  children: (
                    <span data-testid="process-list-sent">
                      <Typography.Text copyable={{ text: sent }}>{shortAddress(sent)}</Typography.Text>
                      {` by ${list.sentBy?.email ?? 'unknown'} at ${list.sentAt ? `${formatDateTime(list.sentAt)} (${timeZoneName()})` : '—'}`}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      <DataTable
        size="small"
        rowKey="_id"
        pagination={false}
        dataSource={list.items}
        aria-label="Process list items"
        columns={[
          { title: 'User', key: 'user', render: (_, i) => i.userId.username },
          { title: 'Plan', key: 'plan', render: (_, i) => `${i.planName} (${planTypeLabel(i.planType)})` },
          {
            title: 'Amount',
            dataIndex: 'amount',
            key: 'amount',
            align: 'right',
            render: (v: string) => formatAmount(v),
          },
          // A sent batch's items are what its transaction carried: none leaves until it is saved.
          ...(controls.canRemoveItems
            ? [
                {
                  title: '',
                  key: 'remove',
                  render: (_: unknown, i: ProcessList['items'][number]) => (
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        remove.mutate(
                          { queueItemId: i._id, processListId: list._id },
                          {
                            onSuccess: () => message.success('Item removed'),
                            onError: (e) => message.error(errorMessage(e)),
                          },
                        )
                      }
                    >
                      Remove
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Flex gap={8} style={{ marginTop: 12 }} wrap>
        {controls.showBatch && (
          <Button type="primary" disabled={controls.batchDisabled} onClick={start}>
            {controls.batchLabel}
          </Button>
        )}
        {controls.showRelease && (
          <Button
            danger
            disabled={controls.releaseDisabled}
            onClick={() =>
              modal.confirm({
                title: 'Are you sure?',
                content: `Release ${sent}? Only a transaction that reverted on chain moved nothing and is released (the server checks); the list can then be sent again.`,
                okText: 'Yes',
                cancelText: 'No',
                onOk: () =>
                  releaseSentBatch(list._id).then(
                    (r) => {
                      message.success(r.message);
                      return refresh();
                    },
                    (e: unknown) => {
                      message.error(errorMessage(e));
                    },
                  ),
              })
            }
          >
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
      <Modal
        open={!!progress}
        title="Batch progress"
        footer={progress?.status === 'active' ? null : undefined}
        onOk={() => setProgress(null)}
        onCancel={() => setProgress(null)}
        closable={progress?.status !== 'active'}
      >
        {progress && (
          <Flex vertical gap={8}>
            <Progress percent={progress.percent} status={progressStatus(progress.status)} aria-label="Batch progress" />
            <Typography.Text data-testid="batch-step">{progress.step}</Typography.Text>
            <ol aria-label="Batch steps" style={{ margin: 0, paddingInlineStart: 20 }}>
              {steps.map((s, i) => (
                <li key={`${i}-${s.step}`}>{stepLine(steps, i)}</li>
              ))}
            </ol>
            {progress.hash && (
              <Typography.Text copyable={{ text: progress.hash }} data-testid="batch-hash">
                {shortAddress(progress.hash)}
              </Typography.Text>
            )}
            {progress.hash && progress.recorded !== undefined && (
              <Typography.Text type={progress.recorded ? 'secondary' : 'warning'} data-testid="batch-recorded">
                {progress.recorded
                  ? 'Hash recorded on the server: this batch will not be sent again'
                  : 'The server could not record the hash yet: the save carries it'}
              </Typography.Text>
            )}
            {progress.message && (
              <Typography.Text
                type={progress.status === 'exception' ? 'danger' : 'success'}
                data-testid="batch-message"
              >
                {progress.message}
              </Typography.Text>
            )}
          </Flex>
        )}
      </Modal>
    </Card>
  );
};
