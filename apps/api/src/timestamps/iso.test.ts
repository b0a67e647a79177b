import { describe, expect, it } from 'vitest';
import { toIso } from './iso';

describe('toIso', () => {
  it('answers UTC with Z and milliseconds from a Date, PostgreSQL text or ISO text', () => {
    expect(toIso(new Date(Date.UTC(2026, 10, 25, 10, 0, 0, 123)))).toBe('2026-11-25T10:00:00.123Z');
    expect(toIso('2026-11-25 10:00:00.123+00')).toBe('2026-11-25T10:00:00.123Z');
    expect(toIso('2026-11-25 10:00:00.5+05:30')).toBe('2026-11-25T04:30:00.500Z');
    expect(toIso('2026-11-25 10:00:00-03')).toBe('2026-11-25T13:00:00.000Z');
    expect(toIso('2026-11-25T10:00:00.000Z')).toBe('2026-11-25T10:00:00.000Z');
    expect(toIso('2026-11-25')).toBe('2026-11-25T00:00:00.000Z');
  });

  it('answers null for no time', () => {
    expect(toIso(null)).toBeNull();
    expect(toIso(undefined)).toBeNull();
  });

  it('refuses text that is no time', () => {
    expect(() => toIso('not a time')).toThrow(RangeError);
  });
});
