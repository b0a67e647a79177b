import { sql, type SQL } from 'drizzle-orm';

/** PostgreSQL's text of a `timestamptz` (`2026-11-25 10:00:00.123+00`), as Drizzle's raw `execute` hands it over. */
const PG_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?[+-]\d\d(:\d\d)?$/;

/** A time the database handed over (a `Date`, or text: PostgreSQL's own format or ISO) as a `Date`. */
export const toDate = (v: Date | string): Date =>
  v instanceof Date ? v : new Date(PG_TIMESTAMP.test(v) ? v.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00') : v);

/**
 * A time as the API answers it: ISO 8601 in UTC with `Z` and milliseconds. Takes what the
 * database hands over: a `Date` (node-postgres), or text (Drizzle's raw `execute`, PostgreSQL's
 * own format or ISO). No time (null or undefined) is null.
 */
export function toIso(v: Date | string): string;
export function toIso(v: Date | string | null | undefined): string | null;
export function toIso(v: Date | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  return toDate(v).toISOString();
}

/** The same format worked out in SQL, for a column or expression (`isoText` as text to splice into a statement). */
export const isoText = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const isoSql = (col: string): SQL => sql.raw(isoText(col));
