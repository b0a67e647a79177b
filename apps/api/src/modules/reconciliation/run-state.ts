import type { ReconciliationKind, ReconciliationState } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { firstPages, type Computed } from './reconciliation-shared';
import { latestDone, RUN_SELECT, viewOf, type RunRow } from './stored-runs';

/** The latest finished run with its first pages, the run under way, the last failure since. */
export async function runState(db: Db, pageSize: number): Promise<ReconciliationState> {
  const [
    done,
    {
      rows: [current],
    },
  ] = await Promise.all([
    latestDone(db),
    db.$client.query<RunRow>(`${RUN_SELECT} WHERE r.status IN ('queued', 'running')`),
  ]);
  const {
    rows: [failure],
  } = await db.$client.query<RunRow>(
    `${RUN_SELECT} WHERE r.status = 'failed' AND r.finished_at > coalesce($1::timestamptz, '-infinity') ORDER BY r.finished_at DESC, r.id LIMIT 1`,
    [done?.finished_at ?? null],
  );
  let latest: ReconciliationState['latest'] = null;
  if (done) {
    const { rows } = await db.$client.query<{ kind: ReconciliationKind; row: unknown }>(
      `SELECT kind, row FROM reconciliation_rows WHERE run_id = $1 AND position < $2 ORDER BY kind, position`,
      [done.id, pageSize],
    );
    const lists: Computed['lists'] = {
      ledger: [],
      flagged: [],
      holds: [],
      batches: [],
      transactions: [],
      deposits: [],
    };
    for (const r of rows) (lists[r.kind] as unknown[]).push(r.row);
    latest = { ...viewOf(done), report: firstPages(done.summary!, lists, pageSize) };
  }
  return { latest, current: current ? viewOf(current) : null, lastFailure: failure ? viewOf(failure) : null };
}
