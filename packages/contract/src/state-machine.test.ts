import { describe, expect, it } from 'vitest';
import {
  canTransition,
  defineStateMachine,
  sourcesFor,
  stateInfo,
  targetsFrom,
  transitionExists,
} from './state-machine';

const machine = defineStateMachine<0 | 1 | 2 | 3>({
  name: 'Queue item',
  states: {
    0: { label: 'Pending', color: 'orange' },
    1: { label: 'Done', color: 'green' },
    2: { label: 'Processing', color: 'blue' },
    3: { label: 'Cancelled', color: 'red' },
  },
  transitions: [
    { from: [0], to: 2, permission: 'users.manage' },
    { from: [0, 2], to: 3, permission: 'funds.remit' },
  ],
});

describe('state machines', () => {
  it('answers the sources of a move for the permissions held', () => {
    expect(sourcesFor(machine, 3, ['funds.remit']).sort()).toEqual([0, 2]);
    expect(sourcesFor(machine, 3, ['users.manage'])).toEqual([]);
    expect(sourcesFor(machine, 1, ['funds.remit', 'users.manage'])).toEqual([]);
  });

  it('answers the moves offered from a state', () => {
    expect(targetsFrom(machine, 0, ['users.manage', 'funds.remit']).sort()).toEqual([2, 3]);
    expect(targetsFrom(machine, 0, ['users.manage'])).toEqual([2]);
    expect(targetsFrom(machine, 1, ['users.manage', 'funds.remit'])).toEqual([]);
  });

  it('tells a move that exists from one that is allowed', () => {
    expect(canTransition(machine, 2, 3, ['funds.remit'])).toBe(true);
    expect(canTransition(machine, 2, 3, ['users.manage'])).toBe(false);
    expect(transitionExists(machine, 2, 3)).toBe(true);
    expect(transitionExists(machine, 1, 3)).toBe(false);
  });

  it('labels known and unknown states', () => {
    expect(stateInfo(machine, 1)).toEqual({ label: 'Done', color: 'green' });
    expect(stateInfo(machine, 9)).toEqual({ label: 'Unknown', color: 'gray' });
  });

  it('refuses a table that names a state it does not have', () => {
    expect(() =>
      defineStateMachine<'a' | 'b'>({
        name: 'X',
        states: { a: { label: 'A', color: 'red' }, b: { label: 'B', color: 'red' } },
        transitions: [{ from: ['a', 'c' as 'a'], to: 'b', permission: 'users.manage' }],
      }),
    ).toThrow(/unknown state c/);
  });
});
