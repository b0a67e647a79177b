import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  DOWNLOADS_PATH,
  EXPORT_LINK_HOURS,
  EXPORT_REPORTS,
  EXPORTS_PAGE_SIZE,
  type ExportRecord,
  type ExportReport,
  type ExportStarted,
  type ExportStatus,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { CSV_EXPORT_JOB, type ExportFileStore } from '@vaultdesk/worker';
import { fileStoreFor, type FileStore } from '../../files/file-store';
import type { AuthState } from '../../http/auth';
import type { JobQueue } from '../../http/app-types';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict, forbidden } from '../../http/errors';
import type { Config } from '../../config/config';
import { isoSql as ISO } from '../../timestamps/iso';
import { offsetPageWithMore } from '../../lists/page';

/**
 * Exports live in the app's encrypted file store (the key stays on the export's row). The
 * gateway serves their ciphertext to Compliance and Super Admin only; the plain file goes out
 * through the signed download link alone.
 */
export const exportStoreFor = (
  db: Db,
  config: Config,
  files: FileStore = fileStoreFor(db, config),
): ExportFileStore => ({
  putStream: (readable, meta) =>
    files.putStream(readable, {
      contentType: meta.contentType,
      createdBy: meta.createdBy ?? null,
      permission: 'exports.audit',
    }),
  openDecrypted: (cid, key) => files.openDecrypted(cid, key),
});

type ExportRow = {
  id: string;
  report: string;
  params: Record<string, unknown>;
  status: ExportStatus;
  total_rows: string | null;
  rows_written: string;
  bytes: string;
  error: string | null;
  requested_by: string;
  requester_email: string;
  requester_name: string;
  created_at: string;
  finished_at: string | null;
  expires_at: string;
  file_cid: string | null;
  file_key: string | null;
};

const notFound = () => new AppError('NOT_FOUND', 'No such export');

const SELECT = sql`SELECT e.id, e.report, e.params, e.status, e.total_rows, e.rows_written, e.bytes, e.error, e.requested_by,
       s.email::text AS requester_email, s.full_name AS requester_name, ${ISO('e.created_at')} AS created_at,
       ${ISO('e.finished_at')} AS finished_at, ${ISO('e.expires_at')} AS expires_at, e.file_cid, e.file_key
  FROM exports e JOIN staff s ON s.id = e.requested_by`;

/**
 * The signed download links of exports. The link key is derived from the server's secret: a link
 * cannot be made without it.
 */
function exportLinks(secretsKey: Config['secretsKey']) {
  const linkKey = createHmac('sha256', secretsKey).update('vaultdesk csv export links v1').digest();
  const signature = (id: string, staffId: string, expiresMs: number) =>
    createHmac('sha256', linkKey).update(`${id}.${staffId}.${expiresMs}`).digest('base64url');
  const linkFor = (id: string, staffId: string, expiresAt: Date) => {
    const expires = expiresAt.getTime();
    return `${DOWNLOADS_PATH}/${id}.csv?expires=${expires}&sig=${signature(id, staffId, expires)}`;
  };
  return { signature, linkFor };
}

/** An export as a staff member sees it: the link only for its requester, while it is valid. */
const exportView =
  (linkFor: ReturnType<typeof exportLinks>['linkFor']) =>
  (r: ExportRow, viewer: string): ExportRecord => ({
    _id: r.id,
    report: r.report,
    reportName: EXPORT_REPORTS[r.report as ExportReport] ?? r.report,
    params: r.params,
    status: r.status,
    totalRows: r.total_rows === null ? null : Number(r.total_rows),
    rowsWritten: Number(r.rows_written),
    bytes: Number(r.bytes),
    error: r.error,
    requestedBy: { _id: r.requested_by, email: r.requester_email, fullName: r.requester_name },
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    expiresAt: r.expires_at,
    link:
      r.requested_by === viewer && Date.parse(r.expires_at) > Date.now()
        ? linkFor(r.id, r.requested_by, new Date(r.expires_at))
        : null,
  });

export function createExportsService(db: Db, config: Config, jobs: JobQueue | null, store: ExportFileStore) {
  const { signature, linkFor } = exportLinks(config.secretsKey);
  const view = exportView(linkFor);

  return {
    store,

    /**
     * Records an export of one report with its validated filter (the end date resolved, so the
     * file holds what the page showed when asked) and hands it to the worker after commit.
     */
    async start(
      ctx: RequestContext,
      staffId: string,
      report: ExportReport,
      params: Record<string, unknown>,
    ): Promise<ExportStarted> {
      const row = await db.transaction(async (tx) => {
        const {
          rows: [r],
        } = await tx.execute<{ id: string; expires_at: string; status: ExportStatus }>(sql`
          INSERT INTO exports (report, params, requested_by, expires_at)
          VALUES (${report}, ${JSON.stringify(params)}::jsonb, ${staffId}, now() + make_interval(hours => ${EXPORT_LINK_HOURS}))
          RETURNING id, ${ISO('expires_at')} AS expires_at, status`);
        await writeAudit(tx, ctx, {
          action: 'export.create',
          targetType: 'export',
          targetId: r!.id,
          after: { report, params },
        });
        return r!;
      });
      // A lost nudge is not fatal: the worker's sweep picks up queued exports every minute.
      await jobs?.send(CSV_EXPORT_JOB, { exportId: row.id }).catch(() => undefined);
      return { exportId: row.id, report, status: row.status, link: linkFor(row.id, staffId, new Date(row.expires_at)) };
    },

    async list(auth: AuthState, scope: 'mine' | 'all', page: number) {
      const whose = scope === 'all' ? sql`` : sql`WHERE e.requested_by = ${auth.staffId}`;
      // Not a hot list (one row a report a staff member asked for), and the page stops at 1,000 (the contract).
      return offsetPageWithMore({ page, pageSize: EXPORTS_PAGE_SIZE }, async (limit, offset) => {
        const { rows } = await db.execute<ExportRow>(
          sql`${SELECT} ${whose} ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit} OFFSET ${offset}`,
        );
        return rows.map((r) => view(r, auth.staffId));
      });
    },

    /** One export, for its requester (others: 404, as if it did not exist). */
    async get(auth: AuthState, id: string) {
      const {
        rows: [r],
      } = await db.execute<ExportRow>(sql`${SELECT} WHERE e.id = ${id}`);
      if (!r || r.requested_by !== auth.staffId) throw notFound();
      return view(r, auth.staffId);
    },

    /**
     * The file behind a signed link, for the staff member it was made for, while it is valid:
     * the link alone is not enough (the requester's session is needed too), and a session alone
     * is not enough (the link's signature is).
     */
    async download(
      ctx: RequestContext,
      auth: AuthState,
      file: string,
      expires: string | undefined,
      sig: string | undefined,
    ): Promise<{ stream: Readable; filename: string }> {
      const m = /^([0-9a-f-]{36})\.csv$/.exec(file);
      if (!m) throw notFound();
      const id = m[1]!;
      const expiresMs = Number(expires);
      if (!Number.isSafeInteger(expiresMs) || typeof sig !== 'string')
        throw forbidden('This download link is not valid');
      const {
        rows: [r],
      } = await db.execute<ExportRow>(sql`${SELECT} WHERE e.id = ${id}`);
      if (!r) throw notFound();
      const expected = Buffer.from(signature(id, r.requested_by, expiresMs));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw forbidden('This download link is not valid');
      if (r.requested_by !== auth.staffId) throw forbidden('This export belongs to another staff member');
      if (expiresMs <= Date.now() || Date.parse(r.expires_at) <= Date.now())
        throw forbidden('This download link has expired: export the report again');
      if (r.status === 'failed') throw conflict(r.error ?? 'The export failed');
      if (r.status !== 'done' || !r.file_cid) throw conflict('The export is not ready yet');
      // Opened first: a file missing from the store is answered (404) without a download on the audit trail.
      const stream = await store.openDecrypted(r.file_cid, r.file_key ?? '');
      try {
        await db.transaction(async (tx) => {
          await writeAudit(tx, ctx, {
            action: 'export.download',
            targetType: 'export',
            targetId: id,
            after: { report: r.report, rows: Number(r.total_rows) },
          });
        });
      } catch (err) {
        stream.destroy();
        throw err;
      }
      const day = r.created_at.slice(0, 10);
      return { stream, filename: `${r.report}-${day}.csv` };
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
