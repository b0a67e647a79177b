import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { TEXT_LIMITS, optionalText } from './text';
import { calendarDay } from './users';

/** A calendar day that exists: 2026-02-30 or 9999-99-99 would reach PostgreSQL and fail there. */
const dateOnly = calendarDay;

export const auditQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(PAGE_SIZES.audit),
    action: optionalText('Action', 100),
    actor: optionalText('Actor', TEXT_LIMITS.search),
    targetType: optionalText('Target type', 100),
    targetId: optionalText('Target id', TEXT_LIMITS.search),
    start: dateOnly.optional(),
    end: dateOnly.optional(),
  })
  .refine((q) => !q.start || !q.end || q.start <= q.end, { path: ['start'], message: 'Start must not be after end' });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditRecord = z.object({
  _id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

export const auditPage = z.object({
  records: z.array(auditRecord),
  currentPage: z.number().int(),
  pageSize: z.number().int(),
  totalRecords: z.number().int(),
  totalPage: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPage>;
