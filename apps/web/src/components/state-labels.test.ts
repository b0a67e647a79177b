import { describe, expect, it } from 'vitest';
import {
  processListMachine,
  stateInfo,
  TRANSACTION_STATE_LABELS,
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

// The tables drawn through StateTag (queue items, withdrawals out, KYC level two, double funding,
// newsletters, an unknown state) are asserted as rendered in status-tag.test.tsx.
describe('state-to-label tables as the screens draw them', () => {
  it('process lists', () => {
    expect(drawn(processListMachine, [0, 1, 2])).toEqual({
      0: 'Yet to be saved · orange',
      1: 'To be propagated · blue',
      2: 'Finished · green',
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
