import { formatAmount, shortAddress, type ProcessList, type QueueKind } from '@vaultdesk/contract';
import { NO_PROVIDER } from '../../../components/wallet/wallet-state';
import type { BatchProgress } from '../batch/run-batch';

/**
 * What the process list panel offers, from the list, the hash of a batch the wallet sent but the
 * server has not saved (`sent`), and the batch running on this page (`progress`):
 * - an open list (status 0) offers the batch: sending it, or, once sent, only saving that hash,
 *   never sending again; it needs items and no batch running;
 * - items leave an open list only while nothing was sent (a sent batch carried them);
 * - a sent hash can be released (the server releases only a reverted one), not while a batch runs;
 * - a saved list (status 1 with its hash) offers Update Queue and Plans.
 */
export const batchControls = (
  queue: QueueKind,
  list: ProcessList,
  sent: string | null,
  progress: BatchProgress | null,
) => {
  const running = progress?.status === 'active';
  return {
    batchLabel: sent
      ? `Save sent batch ${shortAddress(sent)}`
      : queue === 'deposit'
        ? 'Deposit batch'
        : 'Withdraw batch',
    showBatch: list.status === 0,
    batchDisabled: list.items.length === 0 || running,
    canRemoveItems: list.status === 0 && !sent,
    showRelease: !!sent,
    releaseDisabled: running,
    showUpdateQueue: list.status === 1 && !!list.transactionHash,
  };
};

export type BatchBlocker = { level: 'error' | 'warning'; text: string };

/**
 * Why a batch cannot start now, in the order the panel checks: no browser wallet, no account
 * connected, no chain configured on the server, the wallet on another chain. Null when it can.
 */
export const batchBlocker = (w: {
  hasProvider: boolean;
  isConnected: boolean;
  address: string | undefined;
  chain: { chainId?: number | null; contracts?: unknown } | undefined;
  chainId: number | undefined;
}): BatchBlocker | null => {
  if (!w.hasProvider) return { level: 'error', text: NO_PROVIDER };
  if (!w.isConnected || !w.address) return { level: 'warning', text: 'Connect Metamask first' };
  if (!w.chain?.contracts || !w.chain.chainId) return { level: 'error', text: 'No chain is configured on the server' };
  if (w.chainId !== w.chain.chainId)
    return { level: 'warning', text: `Switch the wallet to chain ${w.chain.chainId} first` };
  return null;
};

/** The confirmation before a batch: saving the sent hash, or sending the list from this account. */
export const batchConfirm = (queue: QueueKind, list: ProcessList, sent: string | null, address: string) => ({
  content: sent
    ? `Save the ${queue} batch already sent with ${sent}? Nothing is sent again: the server checks that transaction on chain and saves it for these ${list.items.length} items.`
    : `Send a ${queue} batch of ${list.items.length} items, ${formatAmount(list.totalAmount)} BUSD, from ${shortAddress(address)}?`,
  okText: sent ? 'Save batch' : 'Start batch',
});

/** The steps shown so far: a report of the step already last (a new percent or hash) adds no line. */
export const addStep = (steps: BatchProgress[], p: BatchProgress) =>
  steps.at(-1)?.step === p.step ? steps : [...steps, p];

/** A step's line: its percent where the percent moved since the step before, else the step alone. */
export const stepLine = (steps: BatchProgress[], i: number) => {
  const s = steps[i]!;
  return s.percent !== steps[i - 1]?.percent ? `${s.step} ${s.percent}%` : s.step;
};

/** The progress bar's look for a batch step. */
export const progressStatus = (status: BatchProgress['status']) =>
  status === 'success' ? 'success' : status === 'exception' ? 'exception' : 'active';
