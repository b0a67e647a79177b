/**
 * Reading an export's kept filter back. It was validated by the report's contract schema before
 * it was stored; these checks refuse anything else once more, before it is written into SQL.
 */
import type { ExportParams } from '@vaultdesk/worker';
import { dayRange } from './day-range';

export const paramDay = (p: ExportParams, name: string) => {
  const v = p[name];
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v))
    throw new Error(`export parameter ${name} is not a date`);
  return v;
};

/** A transaction state code 0-9, or undefined for every state. */
export const paramStateCode = (p: ExportParams) => {
  const v = p.transactionState;
  if (v === undefined || v === null) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 9) throw new Error('export parameter transactionState is not a code 0-9');
  return n;
};

/** The export's `start`..`end`, as dayRange. */
export const paramRange = (p: ExportParams) => dayRange(paramDay(p, 'start'), paramDay(p, 'end'));
