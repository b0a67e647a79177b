import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { EIP1193Provider, Hash } from 'viem';
import type { ProcessList, QueueKind } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { hasInjectedProvider, useWalletState } from '../../../components/wallet/wallet-state';
import { useChainConfig } from '../../../api/chain-config';
import { recordSentBatch } from '../api/record-sent-batch';
import { saveBatch } from '../api/save-batch';
import type { BatchProgress } from '../batch/run-batch';
import { addStep, batchBlocker, batchConfirm } from './batch-steps';
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
 * The batch of a process list in the wallet: `start` sends it (or, once `sent`, only saves that hash),
 * `progress` and `steps` follow it step by step; `refresh` reloads the queue.
 */
export const useBatchRun = (queue: QueueKind) => {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { address, chainId, isConnected } = useWalletState();
  const { data: chain } = useChainConfig();
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

  const start = (list: ProcessList, sent: Hash | null) => {
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

  return { progress, steps, close: () => setProgress(null), start, refresh };
};
