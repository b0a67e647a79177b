import type { ReconciliationKind, ReconciliationRun, ReconciliationSummary } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { AppError } from '../../http/errors';
import { isoText as ISO } from '../../timestamps/iso';

/** A stored run as the screens read it, with who asked for it. */
export type RunRow = {
  id: string;
  status: ReconciliationRun['status'];
  step: ReconciliationKind | null;
  requested_by: string | null;
  email: string | null;
  full_name: string | null;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  summary: ReconciliationSummary | null;
};
export const RUN_SELECT = `SELECT r.id, r.status, r.step, r.requested_by, s.email::text AS email, s.full_name,
       ${ISO('r.requested_at')} AS requested_at, ${ISO('r.started_at')} AS started_at, ${ISO('r.finished_at')} AS finished_at, r.error, r.summary
  FROM reconciliation_runs r LEFT JOIN staff s ON s.id = r.requested_by`;
export const viewOf = (r: RunRow): ReconciliationRun => ({
  id: r.id,
  status: r.status,
  step: r.step,
  requestedBy: r.requested_by ? { _id: r.requested_by, email: r.email ?? '', fullName: r.full_name ?? '' } : null,
  requestedAt: r.requested_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  error: r.error,
});

export const noSuchRun = () =>
  new AppError('NOT_FOUND', 'No such reconciliation run: it may have been removed as older runs are (pick the latest)');

export const runById = async (db: Db, id: string) => {
  const {
    rows: [r],
  } = await db.$client.query<RunRow>(`${RUN_SELECT} WHERE r.id = $1`, [id]);
  return r ?? null;
};
export const latestDone = async (db: Db) => {
  const {
    rows: [r],
  } = await db.$client.query<RunRow>(`${RUN_SELECT} WHERE r.status = 'done' ORDER BY r.finished_at DESC, r.id LIMIT 1`);
  return r ?? null;
};
