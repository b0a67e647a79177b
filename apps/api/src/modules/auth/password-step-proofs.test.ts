import { describe, expect, it } from 'vitest';
import { forgetPasswordStep, passwordStepProven, rememberPasswordStep } from './password-step-proofs';

describe('password step proofs', () => {
  const now = Date.UTC(2026, 10, 26, 8, 0, 0);

  it('proves the same account, stored hash and password only, for five minutes', () => {
    rememberPasswordStep('staff-1', 'hash-a', 'Secret#1', now);
    expect(passwordStepProven('staff-1', 'hash-a', 'Secret#1', now + 1_000)).toBe(true);
    expect(passwordStepProven('staff-1', 'hash-a', 'Secret#2', now + 1_000)).toBe(false);
    // A changed password (a new stored hash) ends the proof.
    expect(passwordStepProven('staff-1', 'hash-b', 'Secret#1', now + 1_000)).toBe(false);
    expect(passwordStepProven('staff-2', 'hash-a', 'Secret#1', now + 1_000)).toBe(false);
    expect(passwordStepProven('staff-1', 'hash-a', 'Secret#1', now + 5 * 60_000)).toBe(false);
    // Expired proofs are dropped, not revived.
    expect(passwordStepProven('staff-1', 'hash-a', 'Secret#1', now + 1_000)).toBe(false);
  });

  it('is forgotten once used, and a later password step replaces the earlier one', () => {
    rememberPasswordStep('staff-3', 'hash', 'first', now);
    rememberPasswordStep('staff-3', 'hash', 'second', now);
    expect(passwordStepProven('staff-3', 'hash', 'first', now)).toBe(false);
    expect(passwordStepProven('staff-3', 'hash', 'second', now)).toBe(true);
    forgetPasswordStep('staff-3');
    expect(passwordStepProven('staff-3', 'hash', 'second', now)).toBe(false);
  });

  it('keeps at most 10,000 proofs, dropping the oldest', () => {
    for (let i = 0; i <= 10_000; i++) rememberPasswordStep(`bulk-${i}`, 'h', 'p', now);
    expect(passwordStepProven('bulk-0', 'h', 'p', now)).toBe(false);
    expect(passwordStepProven('bulk-1', 'h', 'p', now)).toBe(true);
    expect(passwordStepProven('bulk-10000', 'h', 'p', now)).toBe(true);
  });
});
