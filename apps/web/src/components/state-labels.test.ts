import { describe, expect, it } from 'vitest';
import {
  DOUBLE_FUNDING,
  KYC_LEVEL_TWO,
  NEWSLETTER_MACHINE,
  processListMachine,
  queueItemMachine,
  stateInfo,
  TRANSACTION_STATE_LABELS,
  withdrawalMachine,
  type StateKey,
  type StateMachine,
} from '@vaultdesk/contract';
import { tagColor } from './tag-color';

/** What a status tag shows for each state: its label and the colour the tag is drawn in. */
const drawn = <S extends StateKey>(machine: StateMachine<S>, states: readonly (S | string | number)[]) =>
  Object.fromEntries(
    states.map((s) => {
      const info = stateInfo(machine, s);
      return [String(s), `${info.label} · ${tagColor(info.color)}`];
    }),
  );

describe('tag colours', () => {
  it("draws the specifications' gray as the neutral tag and keeps every other colour", () => {
    expect(tagColor('gray')).toBe('default');
    expect(tagColor('grey')).toBe('default');
    expect(tagColor('green')).toBe('green');
    expect(tagColor('default')).toBe('default');
    expect(tagColor(undefined)).toBeUndefined();
  });
});

describe('state-to-label tables as the screens draw them', () => {
  it('queue items (Deposit and Withdraw Queue)', () => {
    expect(drawn(queueItemMachine, ['pending', 'processing', 'done', 'cancelled', 'failed'])).toEqual({
      pending: 'Pending · orange',
      processing: 'Processing · blue',
      done: 'Success · green',
      cancelled: 'Cancelled · default',
      failed: 'Failed · red',
    });
  });

  it('process lists', () => {
    expect(drawn(processListMachine, [0, 1, 2])).toEqual({
      0: 'Yet to be saved · orange',
      1: 'To be propagated · blue',
      2: 'Finished · green',
    });
  });

  it('withdrawals out (there is no status 4)', () => {
    expect(drawn(withdrawalMachine, [0, 1, 2, 3, 5, 6, 7, 8])).toEqual({
      0: 'Pending · orange',
      1: 'Done · green',
      2: 'Failed · red',
      3: 'Cancelled · default',
      5: 'Processing · blue',
      6: 'Retry · purple',
      7: 'On-Hold · gold',
      8: 'Review · cyan',
    });
    expect(drawn(withdrawalMachine, [4])).toEqual({ 4: 'Unknown · default' });
  });

  it('KYC level two (lower-case, as the specification writes them)', () => {
    expect(drawn(KYC_LEVEL_TWO, ['submitted', 'approved', 'rejected', 'escalated'])).toEqual({
      submitted: 'submitted · blue',
      approved: 'approved · green',
      rejected: 'rejected · red',
      escalated: 'escalated · orange',
    });
  });

  it('double funding and newsletters', () => {
    expect(drawn(DOUBLE_FUNDING, ['pending', 'deleted'])).toEqual({
      pending: 'Pending · orange',
      deleted: 'Deleted · default',
    });
    expect(drawn(NEWSLETTER_MACHINE, ['saved', 'pending', 'paused', 'sent', 'terminated', 'deleted'])).toEqual({
      saved: 'saved · default',
      pending: 'pending · orange',
      paused: 'paused · gold',
      sent: 'sent · green',
      terminated: 'terminated · red',
      deleted: 'deleted · default',
    });
  });

  it('a state no table knows shows as Unknown in the neutral colour', () => {
    expect(drawn(queueItemMachine, ['archived', ''])).toEqual({
      archived: 'Unknown · default',
      '': 'Unknown · default',
    });
  });

  it('transaction state codes 0-9', () => {
    expect([...TRANSACTION_STATE_LABELS]).toEqual([
      'Fund',
      'Withdraw',
      'TransferSend',
      'TransferReceive',
      'Swap',
      'Save',
      'Fixed Savings Save',
      'Fixed Savings Withdrawal',
      'Flexible Save',
      'Flexible Withdrawal',
    ]);
  });
});
