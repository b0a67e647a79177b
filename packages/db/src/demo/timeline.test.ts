import { describe, expect, it } from 'vitest';
import { createRng } from './random';
import { DAY, isoTime } from './timeline';

describe('isoTime', () => {
  it('writes exactly what toISOString writes', () => {
    const edges = [
      0,
      1,
      DAY - 1,
      Date.UTC(2000, 1, 29, 12),
      Date.UTC(2100, 1, 28, 23, 59, 59, 999),
      Date.UTC(2100, 2, 1),
      Date.UTC(2400, 1, 29),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    ];
    const rng = createRng(3);
    const random = Array.from({ length: 20_000 }, () => Math.floor(rng.float() * Date.UTC(2200, 0, 1)));
    for (const ms of [...edges, ...random]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });

  it('leaves fractions, times before 1970 and years past 9999 to toISOString', () => {
    for (const ms of [1.5, -1, -86_400_001, Date.UTC(10000, 0, 1), 8.64e15])
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});
