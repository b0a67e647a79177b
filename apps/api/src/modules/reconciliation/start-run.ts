import { sql } from 'drizzle-orm';
import type { ReconciliationRun } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { RECONCILIATION_RUN_JOB } from '@vaultdesk/worker';
import type { JobQueue } from '../../http/app-types';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict, isUniqueViolation } from '../../http/errors';
import { RUN_SELECT, runById, viewOf, type RunRow } from './stored-runs';

const ACTIVE = 'reconciliation_runs_one_active';

/**
 * Queues a run for the worker and audits who asked. A run already queued or running is a 409
 * (the unique partial index decides, so two at once cannot both be queued).
 */
export async function startRun(
  db: Db,
  jobs: JobQueue | null,
  ctx: RequestContext,
  staffId: string,
): Promise<ReconciliationRun> {
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      const {
        rows: [r],
      } = await tx.execute<{ id: string }>(
        sql`INSERT INTO reconciliation_runs (requested_by) VALUES (${staffId}) RETURNING id`,
      );
      await writeAudit(tx, ctx, { action: 'reconciliation.run', targetType: 'reconciliation_run', targetId: r!.id });
      return r!.id;
    });
  } catch (err) {
    if (!isUniqueViolation(err, ACTIVE)) throw err;
    const {
      rows: [active],
    } = await db.$client.query<RunRow>(`${RUN_SELECT} WHERE r.status IN ('queued', 'running')`);
    const who = active ? (active.full_name ? ` by ${active.full_name}` : ' by the daily schedule') : '';
    throw conflict(
      `A reconciliation run is already ${active?.status ?? 'queued or running'}${who}: wait for it to finish, then run again if needed`,
    );
  }
  // A lost nudge is not fatal: the worker's sweep picks up a queued run every minute.
  await jobs?.send(RECONCILIATION_RUN_JOB, { runId: id }).catch(() => undefined);
  return viewOf((await runById(db, id))!);
}
