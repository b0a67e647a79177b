import type {
  ReconciliationKind,
  ReconciliationRows,
  ReconciliationRun,
  ReconciliationState,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { ReconciliationJobs } from '@vaultdesk/worker';
import type { Config } from '../../config/config';
import type { JobQueue } from '../../http/app-types';
import type { RequestContext } from '../../http/context';
import { queuedRun, queueScheduledRun, recoverInterruptedRuns, runReconciliation } from './run-reconciliation';
import { runRows } from './run-rows';
import { runState } from './run-state';
import { startRun } from './start-run';

/*
 * The reconciliation module's public face. Each operation lives in its own file: the report's parts
 * (check-ledger, check-flagged, check-holds, check-batches), their computation (compute-report),
 * the worker's run (run-reconciliation), and the screens' calls (start-run, run-state, run-rows).
 */
export { reconcile } from './compute-report';
export { dedicatedConnection, RUN_ROW_CAP, type ReconcileChain } from './reconciliation-shared';
export {
  INTERRUPTED,
  queuedRun,
  queueScheduledRun,
  recoverInterruptedRuns,
  runReconciliation,
  RUNS_KEPT,
  type RunOutcome,
} from './run-reconciliation';

/**
 * The report as the API serves it: requests only queue a run (the worker computes it) and read
 * stored runs, so every call answers at once and uses one pool connection briefly.
 */
export function createReconciliationService(db: Db, jobs: JobQueue | null) {
  return {
    /**
     * Queues a run for the worker and audits who asked. A run already queued or running is a 409
     * (the unique partial index decides, so two at once cannot both be queued).
     */
    start: (ctx: RequestContext, staffId: string): Promise<ReconciliationRun> => startRun(db, jobs, ctx, staffId),
    /** The latest finished run with its first pages, the run under way, the last failure since. */
    state: (pageSize: number): Promise<ReconciliationState> => runState(db, pageSize),
    /** One list of a finished run (the latest without `runId`), paged from its stored rows. */
    rows: (kind: ReconciliationKind, page: number, pageSize: number, runId?: string): Promise<ReconciliationRows> =>
      runRows(db, kind, page, pageSize, runId),
  };
}

/** The worker's side (startWorker's `reconciliation`): the chain is read from the configuration when a run starts. */
export const reconciliationJobsFor = (
  db: Db,
  config: Pick<Config, 'chain'>,
  log?: (msg: string, err?: unknown) => void,
): ReconciliationJobs => ({
  run: (runId) => runReconciliation(db, config.chain, runId, log),
  recover: () => recoverInterruptedRuns(db),
  queued: () => queuedRun(db),
  queueDaily: () => queueScheduledRun(db),
});
