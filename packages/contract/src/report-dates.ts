import { z } from 'zod';

/** The date fields of the report filters (reports and the referral report). */

export const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Not a calendar date',
  );

/**
 * The latest date that is "today" somewhere (UTC+14), as YYYY-MM-DD: staff in time zones ahead
 * of UTC may pick their own today, nothing later.
 */
export const latestToday = (now = new Date()) => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

type Range = { start: string; end?: string | undefined };
/** start not after end, neither after today (the latest date that is today somewhere). */
export const dateRange = <T extends z.ZodType<Range>>(schema: T) =>
  schema
    .refine((q) => !q.end || q.start <= q.end, { path: ['start'], message: 'Start date must not be after end date' })
    .refine((q) => !q.end || q.end <= latestToday(), { path: ['end'], message: 'End date must not be after today' })
    .refine((q) => q.start <= latestToday(), { path: ['start'], message: 'Start date must not be after today' });
