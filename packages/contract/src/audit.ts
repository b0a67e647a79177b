import { z } from 'zod';
import { PAGE_SIZES } from './constants';
import { TEXT_LIMITS, optionalText } from './text';
import { calendarDay } from './users';
import { pagedRecords, pageQuery } from './paging';

/** A calendar day that exists: 2026-02-30 or 9999-99-99 would reach PostgreSQL and fail there. */
const dateOnly = calendarDay;

export const auditQuery = z
  .object({
    ...pageQuery(PAGE_SIZES.audit, { maxPageSize: 200 }).shape,
    action: optionalText('Action', 100),
    actor: optionalText('Actor', TEXT_LIMITS.search),
    targetType: optionalText('Target type', 100),
    targetId: optionalText('Target id', TEXT_LIMITS.search),
    requestId: optionalText('Request id', 128),
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
  /** The request that wrote the row (its X-Request-Id, on its log lines too); null for the console and older rows. */
  requestId: z.string().nullable(),
});
export type AuditRecord = z.infer<typeof auditRecord>;

export const auditPage = pagedRecords(auditRecord);
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

/** One anchor of the audit trail's head (docs/decisions/audit-trail.md), as the index table lists it. */
export const auditAnchor = z.object({
  /** The anchor's number: 1, 2, 3... */
  id: z.number().int(),
  /** The chain positions it covers, both included. */
  fromSeq: z.number().int(),
  headSeq: z.number().int(),
  headRowId: z.string(),
  headHash: z.string(),
  rowCount: z.number().int(),
  /** Its object in the file store: audit-anchors/<id>.json. */
  objectKey: z.string(),
  /** SHA-256 of the object's body: the data of the chain transaction. */
  digest: z.string(),
  chainId: z.number().int(),
  txHash: z.string(),
  block: z.number().int(),
  createdAt: z.string(),
});
export type AuditAnchor = z.infer<typeof auditAnchor>;

/** GET admin/audit-logs/anchors/latest: the newest anchor, if any, and whether anchoring is set up here. */
export const auditAnchorStatus = z.object({
  latest: auditAnchor.nullable(),
  /** Why "Anchor now" cannot work on this instance (no chain, no key), or null when it can. */
  unavailable: z.string().nullable(),
  /** The scheduled anchoring's cron (UTC), or null when it is off. */
  schedule: z.string().nullable(),
});
export type AuditAnchorStatus = z.infer<typeof auditAnchorStatus>;

/** What checking the rows against one anchor found: the rows are named by id. */
export const auditAnchorFinding = z.object({
  anchor: z.number().int(),
  /** `confirmed`: the object's digest is the data of its transaction, from the anchoring account; `mismatch`: it is not
   * (the object or the transaction was replaced); `not-found`: the chain answers but has no such transaction;
   * `unreachable`: not confirmed: the chain did not answer, none is configured, or the local development chain no
   * longer has it (it forgets at restart); the object alone was checked; `object-invalid`: missing, unreadable or its
   * own digest does not match. */
  chain: z.enum(['confirmed', 'mismatch', 'not-found', 'unreachable', 'object-invalid']),
  txHash: z.string().nullable(),
  /** Rows the anchor lists that are gone. */
  deleted: z.array(z.string()),
  /** Rows whose stored hash (or chain position) differs from the one the anchor lists. */
  rehashed: z.array(z.string()),
  /** Rows in the anchor's range of chain positions that it does not list. */
  inserted: z.array(z.string()),
  detail: z.string().nullable(),
});
export type AuditAnchorFinding = z.infer<typeof auditAnchorFinding>;

export const auditAnchorsReport = z.object({
  /** Anchors found in the file store (audit-anchors/1.json, 2.json, ... up to the first missing). */
  checked: z.number().int(),
  latest: z
    .object({ id: z.number().int(), headSeq: z.number().int(), headRowId: z.string(), txHash: z.string() })
    .nullable(),
  /** Anchors with something to report (a chain that did not answer included); empty when all match. */
  findings: z.array(auditAnchorFinding),
  message: z.string(),
});
export type AuditAnchorsReport = z.infer<typeof auditAnchorsReport>;

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
  /** The rows checked against every anchor (absent from a walk of the chain alone). */
  anchors: auditAnchorsReport.optional(),
});
export type AuditChainReport = z.infer<typeof auditChainReport>;
