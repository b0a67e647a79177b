import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from '@vaultdesk/db';
import { readableSelect } from './csv-cells';
import { exportSelect, type ExportParams } from './export-registry';
import { progressRows } from './tracked-job';

/** Where finished exports are kept: the app's file store (content-addressed, encrypted). */
export type ExportFileStore = {
  putStream: (
    readable: Readable,
    meta: { contentType: string; createdBy?: string },
  ) => Promise<{ cid: string; key: string; size: number }>;
  openDecrypted: (cid: string, key: string) => Readable | Promise<Readable>;
};

/** Progress is written at most this often while a file is being written. */
const PROGRESS_MS = 500;
/** A running export whose worker has not written progress for this long is started again. */
export const STALE_EXPORT_SECONDS = 120;

/** The exports table's progress rows; a running export whose worker went silent is taken again. */
const EXPORT_ROWS = progressRows({
  table: 'exports',
  onStart: 'heartbeat_at = now(), rows_written = 0, bytes = 0, error = NULL',
  staleWhen: `heartbeat_at < now() - make_interval(secs => ${STALE_EXPORT_SECONDS})`,
});

const NEWLINE = 0x0a;
const countLines = (chunk: Buffer) => {
  let n = 0;
  for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) n++;
  return n;
};

/**
 * Runs one export: claims the row (a guarded update, so two workers never write the same file),
 * streams `COPY (report SELECT) TO STDOUT CSV HEADER` from one read-only snapshot straight into
 * the file store (the rows are never held in memory), and records progress as it goes. Every
 * cell is written as a person reads it by one rule for all reports (csv-cells.ts).
 * Answers false when the export was not waiting (already taken, finished or unknown).
 */
export async function runExport(
  db: Db,
  store: ExportFileStore,
  exportId: string,
  log: (msg: string, err?: unknown) => void = () => {},
) {
  const job = await EXPORT_ROWS.claim<{ report: string; params: ExportParams; requested_by: string }>(
    db.$client,
    exportId,
    'report, params, requested_by',
  );
  if (!job) return false;

  let lines = 0;
  let bytes = 0;
  let lastWrite = 0;
  let writing: Promise<unknown> | null = null;
  const progress = () => {
    const now = Date.now();
    if (writing || now - lastWrite < PROGRESS_MS) return;
    lastWrite = now;
    writing = db.$client
      .query(
        `UPDATE exports SET rows_written = $2, bytes = $3, heartbeat_at = now() WHERE id = $1 AND status = 'running'`,
        [exportId, Math.max(0, lines - 1), bytes],
      )
      .catch((err: unknown) => log(`export ${exportId}: progress not saved`, err))
      .finally(() => {
        writing = null;
      });
  };

  const client = await db.$client.connect();
  try {
    const select = exportSelect(job.report, job.params, (v) => client.escapeLiteral(v));
    // One snapshot for the whole file, and nothing the export could change.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const readable = await readableSelect(client, select);
    const copy = client.query(copyTo(`COPY (${readable}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        lines += countLines(chunk);
        bytes += chunk.length;
        progress();
        done(null, chunk);
      },
    });
    const out = new PassThrough();
    const [stored] = await Promise.all([
      store.putStream(out, { contentType: 'text/csv', createdBy: job.requested_by }),
      pipeline(copy, counter, out),
    ]);
    await client.query('COMMIT');
    await writing;
    const rows = Number(copy.rowCount);
    await EXPORT_ROWS.done(
      db.$client,
      exportId,
      'heartbeat_at = now(), total_rows = $2, rows_written = $2, bytes = $3, file_cid = $4, file_key = $5',
      [rows, bytes, stored.cid, stored.key],
    );
    log(`export ${exportId} (${job.report}): ${rows} rows, ${bytes} bytes`);
    return true;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    await writing;
    await EXPORT_ROWS.failed(
      db.$client,
      exportId,
      'The export could not be written. Start it again, or ask an administrator to check the server log.',
    );
    log(`export ${exportId} failed`, err);
    return true;
  } finally {
    client.release();
  }
}

/** Exports waiting for a worker (queued, or running with a silent worker), oldest first. */
export function pendingExports(db: Db, limit = 20) {
  return EXPORT_ROWS.waiting(db.$client, limit);
}
