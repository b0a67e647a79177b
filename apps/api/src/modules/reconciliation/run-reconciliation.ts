import { RECONCILIATION_KINDS } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { progressRows, tryRunLock } from '@vaultdesk/worker';
import { compute } from './compute-report';
import { dedicatedConnection, RUN_ROW_CAP, type Conn, type ReconcileChain } from './reconciliation-shared';

// Runs: queued by a request (or the daily schedule), computed by the worker, stored.

/**
 * Held (session-level) by the one connection computing a run: a run left 'running' while nobody
 * holds it was interrupted (its process died, and its connection with it).
 */
const RUN_LOCK = `hashtext('vaultdesk.reconciliation-run')`;
/** Finished runs kept (with their rows); older ones are removed when a run finishes. The latest done run is always kept. */
export const RUNS_KEPT = 10;
export const INTERRUPTED = 'The run was interrupted (the server stopped while it ran). Run it again.';

/**
 * Runs left 'running' by a process that died are marked failed, so a new run can be queued.
 * Only when no connection holds the run lock: a run under way in another process is left alone.
 * Answers how many were marked.
 */
export async function recoverInterruptedRuns(db: Db): Promise<number> {
  const c = await db.$client.connect();
  try {
    const marked = await tryRunLock(c, RUN_LOCK, [], () => failRunning(c));
    return marked === 'busy' ? 0 : marked;
  } finally {
    c.release();
  }
}

/** The runs table's progress rows: the step being computed is cleared when a run ends. */
const RUN_ROWS = progressRows({ table: 'reconciliation_runs', onStart: `step = 'ledger'`, onEnd: 'step = NULL' });

/** With the run lock held: every 'running' run is an interrupted one. */
const failRunning = (c: Conn) => RUN_ROWS.interrupted(c, INTERRUPTED);

/** The run waiting for a worker, if any (its job may have been lost: the sweep and the worker's start pick it up). */
export async function queuedRun(db: Db): Promise<string | null> {
  const {
    rows: [r],
  } = await db.$client.query<{ id: string }>(`SELECT id FROM reconciliation_runs WHERE status = 'queued'`);
  return r?.id ?? null;
}

/** The daily scheduled run: queued unless one is already queued or running. Answers its id, or null. */
export async function queueScheduledRun(db: Db): Promise<string | null> {
  const {
    rows: [r],
  } = await db.$client.query<{ id: string }>(
    `INSERT INTO reconciliation_runs (requested_by) VALUES (NULL) ON CONFLICT (( true )) WHERE status IN ('queued', 'running') DO NOTHING RETURNING id`,
  );
  return r?.id ?? null;
}

export type RunOutcome = 'done' | 'failed' | 'not-queued' | 'busy';

/**
 * The worker's job: computes one queued run on a connection of its own, the parts one after the
 * other (its step recorded before each), then stores the kept rows of each list and the summary
 * and marks it done, in one transaction; a failure marks it failed with the reason. Holding the
 * run lock, it first marks failed any run an earlier process left 'running' (this job retried
 * after a crash included), then claims the run only if it is still queued.
 */
export async function runReconciliation(
  db: Db,
  chain: ReconcileChain,
  runId: string,
  log: (msg: string, err?: unknown) => void = () => {},
): Promise<RunOutcome> {
  const c = await dedicatedConnection(db);
  try {
    // Another connection is computing a run (or recovering): it is not this job's to do.
    return await tryRunLock(c, RUN_LOCK, [], async (): Promise<RunOutcome> => {
      const interrupted = await failRunning(c);
      if (interrupted) log(`reconciliation: ${interrupted} interrupted run marked failed`);
      if (!(await RUN_ROWS.claim(c, runId))) return 'not-queued';
      const t0 = Date.now();
      try {
        const r = await compute(c, chain, RUN_ROW_CAP, (kind) =>
          c.query(`UPDATE reconciliation_runs SET step = $2 WHERE id = $1`, [runId, kind]),
        );
        await c.query('BEGIN');
        try {
          for (const kind of RECONCILIATION_KINDS) {
            if (!r.lists[kind].length) continue;
            await c.query(
              `INSERT INTO reconciliation_rows (run_id, kind, position, row)
               SELECT $1, $2, (x.o - 1)::int, x.v FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS x(v, o)`,
              [runId, kind, JSON.stringify(r.lists[kind])],
            );
          }
          await RUN_ROWS.done(c, runId, 'summary = $2::jsonb', [JSON.stringify(r.summary)]);
          await prune(c);
          await c.query('COMMIT');
        } catch (err) {
          await c.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
        log(`reconciliation ${runId}: done in ${Date.now() - t0} ms, ${r.summary.unexplained} unexplained`);
        return 'done';
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await RUN_ROWS.failed(c, runId, `The run failed: ${reason}`.slice(0, 500));
        log(`reconciliation ${runId} failed`, err);
        return 'failed';
      }
    });
  } finally {
    // Ending the connection releases the run lock (if the unlock could not).
    await c.end().catch(() => undefined);
  }
}

/** Keeps the newest RUNS_KEPT finished runs and the latest done one; older runs go with their rows. */
const prune = (c: Conn) =>
  c.query(
    `
  DELETE FROM reconciliation_runs WHERE status IN ('done', 'failed')
     AND id NOT IN (SELECT id FROM reconciliation_runs WHERE status IN ('done', 'failed') ORDER BY finished_at DESC, id LIMIT $1)
     AND id IS DISTINCT FROM (SELECT id FROM reconciliation_runs WHERE status = 'done' ORDER BY finished_at DESC, id LIMIT 1)`,
    [RUNS_KEPT],
  );
