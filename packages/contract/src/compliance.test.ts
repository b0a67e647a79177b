import { describe, expect, it } from 'vitest';
import { DOUBLE_FUNDING, fundingStatusColor } from './compliance';

describe('double funding colours', () => {
  it('draws the funding status as the specification says: done green, pending orange, failed red, processing blue', () => {
    expect(fundingStatusColor('done')).toBe('green');
    expect(fundingStatusColor('pending')).toBe('orange');
    expect(fundingStatusColor('failed')).toBe('red');
    expect(fundingStatusColor('processing')).toBe('blue');
  });

  it('draws any other status gray, including names of object properties and other casings', () => {
    for (const other of [
      '',
      'cancelled',
      'Done',
      'PENDING',
      'constructor',
      'toString',
      '__proto__',
      'hasOwnProperty',
    ]) {
      expect(fundingStatusColor(other), other).toBe('gray');
    }
  });

  it('labels the record status Pending (orange) and Deleted (gray)', () => {
    expect(DOUBLE_FUNDING.states.pending).toMatchObject({ label: 'Pending', color: 'orange' });
    expect(DOUBLE_FUNDING.states.deleted).toMatchObject({ label: 'Deleted', color: 'gray' });
  });
});
