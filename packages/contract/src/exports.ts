import { z } from 'zod';
import { pagedRecords } from './paging';

/** CSV exports: every report's `download=true` starts one; the worker writes the file. */

/** `download=true` turns a report call into a CSV export of exactly the filtered rows. */
export const downloadFlag = z
  .enum(['true', 'false'], { error: "download must be 'true' or 'false'" })
  .optional()
  .transform((v) => v === 'true');

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The reports that can be exported, by the name stored with each export. */
export const EXPORT_REPORTS = {
  'savings-transactions': 'Savings transactions',
  'wallet-transactions': 'Wallet transactions',
  'savings-per-user': 'Total savings per user',
  'fees-collected': 'Gas fees collected',
  'gas-fees-spent': 'Gas fees spent',
  'referral-report': 'Referral report',
  'referral-payouts': 'Referral payouts',
  financials: 'Financials',
  'growth-report': 'Weekly growth',
  'feature-report': 'Feature usage',
  'users-by-date': 'All users',
  'users-by-country': 'Users by country',
  'wallet-balance-search': 'Wallet balance search',
  'funding-requests': 'Funding requests',
  'plans-about-to-mature': 'Plans about to mature',
} as const;
export type ExportReport = keyof typeof EXPORT_REPORTS;

/** How long a download link (and the file behind it) stays usable. */
export const EXPORT_LINK_HOURS = 24;
/** Where the files are served from (outside /v1: the specification's static downloads path). */
export const DOWNLOADS_PATH = '/downloads';
export const EXPORT_STARTED = 'Export started';
export const CSV_DOWNLOADED = 'CSV file downloaded';

/** What a report call with `download=true` answers under `data`. */
export const exportStarted = z.object({
  exportId: z.string(),
  report: z.string(),
  status: z.enum(EXPORT_STATUSES),
  /** Signed, expiring, and only for the staff member who asked (with their session). */
  link: z.string(),
});
export type ExportStarted = z.infer<typeof exportStarted>;

export const exportRecord = z.object({
  _id: z.string(),
  report: z.string(),
  reportName: z.string(),
  params: z.record(z.string(), z.unknown()),
  status: z.enum(EXPORT_STATUSES),
  totalRows: z.number().int().nullable(),
  rowsWritten: z.number().int(),
  bytes: z.number().int(),
  error: z.string().nullable(),
  requestedBy: z.object({ _id: z.string(), email: z.string(), fullName: z.string() }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** Only on the requester's own exports. */
  link: z.string().nullable(),
});
export type ExportRecord = z.infer<typeof exportRecord>;

export const exportsQuery = z.object({
  /** `all`: everyone's exports (exports.audit); default: the caller's own. */
  scope: z.enum(['mine', 'all'], { error: "scope must be 'mine' or 'all'" }).optional().default('mine'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});
export const EXPORTS_PAGE_SIZE = 20;
/** No count: one row past the page tells whether another follows. */
export const exportsPage = pagedRecords(exportRecord)
  .omit({ totalRecords: true, totalPage: true })
  .extend({ hasMore: z.boolean() });
export type ExportsPage = z.infer<typeof exportsPage>;
export const exportIdParams = z.object({ id: z.uuid({ error: 'Not an export id' }) });
