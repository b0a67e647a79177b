import { NO_VALUE } from '@vaultdesk/contract';

/**
 * How every screen shows a moment or a calendar date (one rule, one format):
 * - a moment (an ISO 8601 time from the API, a unix time) is shown in the staff member's own
 *   browser time zone as `YYYY-MM-DD HH:mm` (or `HH:mm:ss` where seconds matter), and the zone
 *   is named where it matters: a column header or a label says which zone (`zoned`);
 * - a calendar date (a date of birth, a greeting's expiry day, a report's day) has no zone: it is
 *   shown as the same day it was written, `YYYY-MM-DD`, never converted through a `Date`.
 * Nothing else formats times: features import these.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

type Moment = string | number | Date | null | undefined;

/** The instant a value stands for; unix seconds when `unix`. Null when absent or not a time. */
const toDate = (value: Moment, unix = false): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') {
    const d = new Date(unix ? value * 1000 : value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  // A time without a zone would be read as local time and shift by the zone's offset: the API
  // sends every moment with its offset (`Z`), so a value without one is refused, not guessed.
  if (!/(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** `YYYY-MM-DD HH:mm` (or with `:ss`) of a moment in the browser's zone; `fallback` when absent. */
export function formatDateTime(
  value: Moment,
  { seconds = false, unix = false, fallback = NO_VALUE }: { seconds?: boolean; unix?: boolean; fallback?: string } = {},
): string {
  const d = toDate(value, unix);
  if (!d) return value === null || value === undefined || value === '' ? fallback : String(value);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}`;
  return `${day} ${time}`;
}

/** `HH:mm:ss` of a moment in the browser's zone (when the day goes without saying). */
export function formatTime(value: Moment, { fallback = NO_VALUE }: { fallback?: string } = {}): string {
  const d = toDate(value);
  if (!d) return value === null || value === undefined || value === '' ? fallback : String(value);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * A calendar date as `YYYY-MM-DD`, without any zone conversion: `YYYY-MM-DD` (alone or as the
 * start of an ISO value, whose written day is the day meant) or the KYC form's `DD/MM/YYYY`.
 */
export function formatCalendarDate(
  value: string | null | undefined,
  { fallback = NO_VALUE }: { fallback?: string } = {},
): string {
  if (!value) return fallback;
  const v = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (dmy) return `${dmy[3]}-${pad(Number(dmy[2]))}-${pad(Number(dmy[1]))}`;
  return v;
}

/** The browser's time zone, as IANA names it (`Europe/Berlin`), or `local time` when unknown. */
export const timeZoneName = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  } catch {
    return 'local time';
  }
};

/** A column header or label that names the zone its times are shown in: `Created At (Europe/Berlin)`. */
export const zoned = (title: string) => `${title} (${timeZoneName()})`;

/** A moment inside a sentence, with its zone: `2026-11-25 16:32 (Europe/Berlin)`. */
export const formatDateTimeInZone = (value: Moment, options: { seconds?: boolean; fallback?: string } = {}) => {
  const shown = formatDateTime(value, options);
  return toDate(value) ? `${shown} (${timeZoneName()})` : shown;
};
