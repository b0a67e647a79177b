import type { ReconciliationKind, ReconciliationRows } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { AppError, conflict } from '../../http/errors';
import { pageOffset, toPage } from '../../lists/page';
import { totalsOf } from './reconciliation-shared';
import { latestDone, noSuchRun, runById } from './stored-runs';

/** One list of a finished run (the latest without `runId`), paged from its stored rows. */
export async function runRows(
  db: Db,
  kind: ReconciliationKind,
  page: number,
  pageSize: number,
  runId?: string,
): Promise<ReconciliationRows> {
  const run = runId ? await runById(db, runId) : await latestDone(db);
  if (!run)
    throw runId ? noSuchRun() : new AppError('NOT_FOUND', 'No reconciliation run has finished yet: run one first');
  if (run.status !== 'done')
    throw conflict(`This reconciliation run is ${run.status}: its rows are there once it is done`);
  const offset = pageOffset({ page, pageSize });
  const { rows } = await db.$client.query<{ row: unknown }>(
    `SELECT row FROM reconciliation_rows WHERE run_id = $1 AND kind = $2 AND position >= $3 AND position < $4 ORDER BY position`,
    [run.id, kind, offset, offset + pageSize],
  );
  return {
    kind,
    runId: run.id,
    checkedAt: run.summary!.checkedAt,
    rows: toPage(
      rows.map((r) => r.row),
      totalsOf(run.summary!)[kind],
      page,
      pageSize,
    ),
  } as ReconciliationRows;
}
