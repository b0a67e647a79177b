import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { TEXT_LIMITS, optionalText } from './text';
import { calendarDay } from './users';
import { pageQuery } from './paging';

/** A calendar day that exists: 2026-02-30 or 9999-99-99 would reach PostgreSQL and fail there. */
const dateOnly = calendarDay;

export const auditQuery = z
  .object({
    ...pageQuery(PAGE_SIZES.audit, { maxPageSize: 200 }).shape,
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

/** What verifying the audit trail's hash chain found (GET admin/audit-logs/verify, npm run audit:verify). */
export const auditChainProblem = z.object({
  /** The first row that does not match (for a removed row: the row after the gap). */
  rowId: z.string(),
  chainSeq: z.number().int().nullable(),
  reason: z.enum(['content-changed', 'previous-hash-broken', 'missing-row', 'not-in-chain']),
  detail: z.string(),
});
export type AuditChainProblem = z.infer<typeof auditChainProblem>;

export const auditChainReport = z.object({
  intact: z.boolean(),
  /** Rows whose content and link matched before the walk ended. */
  checked: z.number().int(),
  /** "Audit chain intact: N rows checked", or the first row that does not match and why. */
  message: z.string(),
  problem: auditChainProblem.nullable(),
  /** The chain's last link when intact: keep it elsewhere to notice rows removed from the end later. */
  head: z.object({ chainSeq: z.number().int(), rowId: z.string(), hash: z.string() }).nullable(),
  ms: z.number().int(),
});
export type AuditChainReport = z.infer<typeof auditChainReport>;
