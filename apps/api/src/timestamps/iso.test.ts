import { describe, expect, it } from 'vitest';
import { toIso } from './iso';

/** What the database may hand over, and the time the API answers for it. */
const CASES: [Date | string, string][] = [
  [new Date(Date.UTC(2026, 10, 25, 10, 0, 0, 123)), '2026-11-25T10:00:00.123Z'],
  ['2026-11-25 10:00:00.123+00', '2026-11-25T10:00:00.123Z'],
  ['2026-11-25 10:00:00.5+05:30', '2026-11-25T04:30:00.500Z'],
  ['2026-11-25 10:00:00-03', '2026-11-25T13:00:00.000Z'],
  ['2026-11-25T10:00:00.000Z', '2026-11-25T10:00:00.000Z'],
  ['2026-11-25', '2026-11-25T00:00:00.000Z'],
];

describe('toIso', () => {
  it('answers UTC with Z and milliseconds from a Date, PostgreSQL text or ISO text', () => {
    expect(CASES.map(([given]) => toIso(given))).toEqual(CASES.map(([, answered]) => answered));
  });

  it('answers null for no time, and refuses text that is no time', () => {
    expect([toIso(null), toIso(undefined)]).toEqual([null, null]);
    expect(() => toIso('not a time')).toThrow(RangeError);
  });
});
