import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateTime, formatDateTimeInZone, formatTime, timeZoneName, zoned } from './date-time';

// A zone an hour (winter) or two (summer) from UTC, so a UTC-vs-local slip shows.
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

describe('the one date/time formatter', () => {
  it("shows an API moment in the staff member's zone, labelled with that zone", () => {
    expect(timeZoneName()).toBe('Europe/Berlin');
    expect(formatDateTime('2026-11-25T15:32:07.123Z')).toBe('2026-11-25 16:32');
    expect(formatDateTime('2026-11-25T15:32:07.123Z', { seconds: true })).toBe('2026-11-25 16:32:07');
    expect(formatDateTime('2026-07-01T22:30:00Z')).toBe('2026-07-02 00:30');
    expect(formatDateTime('2026-11-25T16:32:00+01:00')).toBe('2026-11-25 16:32');
    expect(formatTime('2026-11-25T15:32:07Z')).toBe('16:32:07');
    expect(formatDateTimeInZone('2026-11-25T15:32:07Z')).toBe('2026-11-25 16:32 (Europe/Berlin)');
    expect(zoned('Created At')).toBe('Created At (Europe/Berlin)');
  });

  it('reads unix seconds as a moment and says so when there is none', () => {
    expect(formatDateTime(1_795_707_127, { unix: true })).toBe(
      formatDateTime(new Date(1_795_707_127_000).toISOString()),
    );
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined, { fallback: 'Never' })).toBe('Never');
    expect(formatDateTimeInZone(null, { fallback: '—' })).toBe('—');
  });

  it('refuses to guess the zone of a time written without one (it would shift by the offset)', () => {
    expect(formatDateTime('2026-11-25 15:32:07')).toBe('2026-11-25 15:32:07');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('shows calendar dates as written, never through a zone', () => {
    expect(formatCalendarDate('25/10/1999')).toBe('1999-10-25');
    expect(formatCalendarDate('5/3/2001')).toBe('2001-03-05');
    expect(formatCalendarDate('1999-10-25')).toBe('1999-10-25');
    // A greeting's expiry: the end of its UTC day, which is already the next day in Berlin.
    expect(formatCalendarDate('2026-11-26T23:59:59.999Z')).toBe('2026-11-26');
    expect(formatCalendarDate(null)).toBe('—');
  });
});
