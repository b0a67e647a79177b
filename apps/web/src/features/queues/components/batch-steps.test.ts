import { describe, expect, it } from 'vitest';
import {
  BATCH_PROGRESS,
  BATCH_STEP_LABELS,
  batchWaitLabel,
  processListMachine,
  sentNotSaved,
  stateInfo,
  type ProcessList,
} from '@vaultdesk/contract';
import type { BatchProgress } from '../batch/run-batch';
import { addStep, batchBlocker, batchConfirm, batchControls, progressStatus, stepLine } from './batch-steps';

const HASH = `0x${'ab'.repeat(32)}`;
const item = (n: number) => ({
  _id: `item-${n}`,
  amount: '10',
  status: 'processing' as const,
  planId: `plan-${n}`,
  planType: 0,
  planName: 'Flex',
  userId: { _id: `u${n}`, fullName: 'Ada', username: 'ada' },
});
const list = (over: Partial<ProcessList> = {}): ProcessList => ({
  _id: 'list-1',
  type: 'deposit',
  status: 0,
  items: [item(1), item(2)],
  totalAmount: '1234.56789',
  transactionHash: null,
  createdAt: '2026-11-25T10:00:00Z',
  creator: { email: 'ops@vaultdesk.test' },
  batch: null,
  sentHash: null,
  sentAt: null,
  sentBy: null,
  ...over,
});
const step = (percent: number, label: string, status: BatchProgress['status'] = 'active'): BatchProgress => ({
  percent,
  step: label,
  status,
});
const sentOf = (l: ProcessList) => (sentNotSaved(l) ? l.sentHash : null);

describe('the process list panel: what each list state offers', () => {
  it('an open list with items: the batch (named by queue) and removing items; nothing else', () => {
    const open = list();
    expect(batchControls('deposit', open, sentOf(open), null)).toEqual({
      batchLabel: 'Deposit batch',
      showBatch: true,
      batchDisabled: false,
      canRemoveItems: true,
      showRelease: false,
      releaseDisabled: false,
      showUpdateQueue: false,
    });
    expect(batchControls('withdraw', list({ type: 'withdraw' }), null, null).batchLabel).toBe('Withdraw batch');
  });

  it('an open list without items cannot start a batch', () => {
    expect(batchControls('deposit', list({ items: [] }), null, null).batchDisabled).toBe(true);
  });

  it('a list whose batch went out only saves that hash: no sending again, no removing, release offered', () => {
    const sentList = list({ sentHash: HASH, sentAt: '2026-11-25T10:05:00Z', sentBy: { email: 'ops@vaultdesk.test' } });
    const c = batchControls('deposit', sentList, sentOf(sentList), null);
    expect(c.batchLabel).toBe('Save sent batch 0xab...abab');
    expect(c.showBatch).toBe(true);
    expect(c.canRemoveItems).toBe(false);
    expect(c.showRelease).toBe(true);
    expect(c.releaseDisabled).toBe(false);
  });

  it('while a batch runs, neither the batch nor the release can be pressed; once it ended they can', () => {
    const sentList = list({ sentHash: HASH });
    const running = batchControls(
      'deposit',
      sentList,
      HASH,
      step(BATCH_PROGRESS.hashReceived, BATCH_STEP_LABELS.hashReceived),
    );
    expect(running.batchDisabled).toBe(true);
    expect(running.releaseDisabled).toBe(true);
    for (const status of ['success', 'exception'] as const) {
      const ended = batchControls(
        'deposit',
        sentList,
        HASH,
        step(BATCH_PROGRESS.saved, BATCH_STEP_LABELS.saved, status),
      );
      expect(ended.batchDisabled).toBe(false);
      expect(ended.releaseDisabled).toBe(false);
    }
  });

  it('a saved list (status 1) offers Update Queue and Plans once it has its hash, and no batch; a finished one (2) nothing', () => {
    const saved = batchControls('deposit', list({ status: 1, transactionHash: HASH }), null, null);
    expect(saved).toMatchObject({ showBatch: false, canRemoveItems: false, showRelease: false, showUpdateQueue: true });
    expect(batchControls('deposit', list({ status: 1 }), null, null).showUpdateQueue).toBe(false);
    expect(batchControls('deposit', list({ status: 2, transactionHash: HASH }), null, null)).toMatchObject({
      showBatch: false,
      showUpdateQueue: false,
    });
  });

  it('a sent hash on a list that is no longer open is not "sent, not saved"', () => {
    expect(sentOf(list({ status: 1, sentHash: HASH }))).toBeNull();
  });

  it('labels each list status as the specification names it', () => {
    expect([0, 1, 2].map((s) => stateInfo(processListMachine, s))).toEqual([
      { label: 'Yet to be saved', color: 'orange' },
      { label: 'To be propagated', color: 'blue' },
      { label: 'Finished', color: 'green' },
    ]);
  });
});

describe('before a batch starts', () => {
  const ready = {
    hasProvider: true,
    isConnected: true,
    address: '0x1111111111111111111111111111111111111111',
    chain: { chainId: 31337, contracts: { BUSD: '0x1', xBUSD: '0x2' } },
    chainId: 31337,
  };

  it('says what is missing, first thing first', () => {
    expect(batchBlocker(ready)).toBeNull();
    expect(batchBlocker({ ...ready, hasProvider: false, isConnected: false })).toEqual({
      level: 'error',
      text: "Can't create contract",
    });
    expect(batchBlocker({ ...ready, isConnected: false })).toEqual({
      level: 'warning',
      text: 'Connect Metamask first',
    });
    expect(batchBlocker({ ...ready, address: undefined })).toEqual({
      level: 'warning',
      text: 'Connect Metamask first',
    });
    expect(batchBlocker({ ...ready, chain: undefined })).toEqual({
      level: 'error',
      text: 'No chain is configured on the server',
    });
    expect(batchBlocker({ ...ready, chain: { chainId: 31337 } })).toEqual({
      level: 'error',
      text: 'No chain is configured on the server',
    });
    expect(batchBlocker({ ...ready, chain: { chainId: null, contracts: {} } })).toEqual({
      level: 'error',
      text: 'No chain is configured on the server',
    });
    expect(batchBlocker({ ...ready, chainId: 56 })).toEqual({
      level: 'warning',
      text: 'Switch the wallet to chain 31337 first',
    });
    expect(batchBlocker({ ...ready, chainId: undefined })).toEqual({
      level: 'warning',
      text: 'Switch the wallet to chain 31337 first',
    });
  });

  it('asks to send the list (count, amount cut to four decimals, short sender) or only to save the sent hash', () => {
    expect(batchConfirm('deposit', list(), null, ready.address)).toEqual({
      content: 'Send a deposit batch of 2 items, 1,234.5678 BUSD, from 0x11...1111?',
      okText: 'Start batch',
    });
    expect(batchConfirm('withdraw', list({ type: 'withdraw' }), HASH, ready.address)).toEqual({
      content: `Save the withdraw batch already sent with ${HASH}? Nothing is sent again: the server checks that transaction on chain and saves it for these 2 items.`,
      okText: 'Save batch',
    });
  });
});

describe('the batch steps as they are shown', () => {
  // What runBatch reports for a deposit, in order (a repeated step is the same step with more facts).
  const reports: BatchProgress[] = [
    step(BATCH_PROGRESS.started, BATCH_STEP_LABELS.started),
    step(BATCH_PROGRESS.allowanceCheck, BATCH_STEP_LABELS.allowanceCheck),
    step(BATCH_PROGRESS.allowanceDone, BATCH_STEP_LABELS.allowanceDone),
    step(BATCH_PROGRESS.initialShares, BATCH_STEP_LABELS.initialShares),
    step(BATCH_PROGRESS.sent, BATCH_STEP_LABELS.deposit),
    { ...step(BATCH_PROGRESS.hashReceived, BATCH_STEP_LABELS.hashReceived), hash: HASH },
    { ...step(BATCH_PROGRESS.hashReceived, BATCH_STEP_LABELS.hashReceived), hash: HASH, recorded: true },
    { ...step(BATCH_PROGRESS.hashReceived, batchWaitLabel(60_000)), hash: HASH, recorded: true },
    { ...step(BATCH_PROGRESS.sharesAfter, BATCH_STEP_LABELS.sharesAfter), hash: HASH, recorded: true },
    {
      ...step(BATCH_PROGRESS.saved, BATCH_STEP_LABELS.saved, 'success'),
      hash: HASH,
      recorded: true,
      message: 'Batch saved',
    },
  ];

  it('one line per step, the percent only where it moved (the wait shares 60 with the hash)', () => {
    const steps = reports.reduce(addStep, [] as BatchProgress[]);
    expect(steps.map((_, i) => stepLine(steps, i))).toEqual([
      'Started 10%',
      'Allowance check 20%',
      'Allowance done 30%',
      'Initial share balance 40%',
      'Deposit 50%',
      'Hash received 60%',
      'Wait one minute',
      'Share balance after 70%',
      'Batch saved 100%',
    ]);
    // The hash recorded is the same step again: it replaces nothing and adds no line.
    expect(steps[5]).toBe(reports[5]);
  });

  it('a save refused by the server ends at 90 as an exception; a shorter wait says its seconds', () => {
    const failed = step(BATCH_PROGRESS.saveFailed, BATCH_STEP_LABELS.saveFailed, 'exception');
    const steps = addStep(addStep([], step(BATCH_PROGRESS.sharesAfter, BATCH_STEP_LABELS.sharesAfter)), failed);
    expect(stepLine(steps, 1)).toBe('Saving the batch failed 90%');
    expect(batchWaitLabel(5_000)).toBe('Wait 5 seconds');
    expect(batchWaitLabel(0)).toBe('Wait 0 seconds');
  });

  it('draws the bar as the step stands', () => {
    expect(progressStatus('active')).toBe('active');
    expect(progressStatus('success')).toBe('success');
    expect(progressStatus('exception')).toBe('exception');
  });
});
