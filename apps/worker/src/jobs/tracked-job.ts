import type PgBoss from 'pg-boss';

/**
 * A job with a progress row: a table row is the source of truth (queued, running, then done or
 * failed), the pg-boss job is only a nudge. Exports, reconciliation runs and newsletter sends are
 * such jobs; each keeps its own table and columns, and this is the lifecycle they share:
 * - `progressRows`: the row's guarded transitions (a row is claimed only while it waits, and
 *   finished or failed only while running, so two workers never both run it);
 * - `tryRunLock`: a session advisory lock held while one runs, so a row left running while
 *   nobody holds it was interrupted (its process died, and its connection with it);
 * - `startTrackedJob`: the queue, its worker, and the sweep that marks interrupted rows and
 *   picks up the waiting ones whose nudge was lost (at start and on a schedule).
 */

/** A pg pool or client: what the transitions run on. */
export type Queryable = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[]; rowCount: number | null }>;
};

export type ProgressRowSpec = {
  /** The table holding one row per job, keyed by `id`, with `status`, `started_at`, `finished_at` and `error`. */
  table: string;
  /** Columns also set when a run starts (`heartbeat_at = now(), ...`). */
  onStart?: string;
  /** Columns also set when a run ends, done or failed (`step = NULL`). */
  onEnd?: string;
  /** When a running row counts as abandoned and may be claimed again (its worker went silent), as SQL without parameters; without it, never. */
  staleWhen?: string;
};

/**
 * The progress row's transitions. Every one is a guarded UPDATE: it answers whether (or how many)
 * rows moved, so a caller that lost a race does nothing.
 */
export function progressRows(spec: ProgressRowSpec) {
  const start = spec.onStart ? `, ${spec.onStart}` : '';
  const end = spec.onEnd ? `, ${spec.onEnd}` : '';
  const claimable = spec.staleWhen
    ? `(status = 'queued' OR (status = 'running' AND ${spec.staleWhen}))`
    : `status = 'queued'`;
  return {
    /** queued (or running but abandoned) → running, with `returning` columns of the row; null when it was not this caller's to run. */
    async claim<R = Record<string, unknown>>(q: Queryable, id: string, returning?: string): Promise<R | null> {
      const { rows, rowCount } = await q.query(
        `UPDATE ${spec.table} SET status = 'running', started_at = now()${start}
          WHERE id = $1 AND ${claimable}${returning ? ` RETURNING ${returning}` : ''}`,
        [id],
      );
      return rowCount ? ((rows[0] ?? {}) as R) : null;
    },
    /** running → done, with `set` (further columns, parameters from $2 on). */
    async done(q: Queryable, id: string, set = '', values: unknown[] = []) {
      const { rowCount } = await q.query(
        `UPDATE ${spec.table} SET status = 'done', finished_at = now()${end}${set ? `, ${set}` : ''} WHERE id = $1 AND status = 'running'`,
        [id, ...values],
      );
      return !!rowCount;
    },
    /** running → failed, with the reason staff read. */
    async failed(q: Queryable, id: string, error: string) {
      const { rowCount } = await q.query(
        `UPDATE ${spec.table} SET status = 'failed', finished_at = now()${end}, error = $2 WHERE id = $1 AND status = 'running'`,
        [id, error],
      );
      return !!rowCount;
    },
    /** Every running row → failed (interrupted), with the reason: only for a caller that knows none is under way (it holds the run lock). */
    async interrupted(q: Queryable, error: string) {
      const { rowCount } = await q.query(
        `UPDATE ${spec.table} SET status = 'failed', finished_at = now()${end}, error = $1 WHERE status = 'running'`,
        [error],
      );
      return rowCount ?? 0;
    },
    /** The rows waiting for a worker (queued, or running but abandoned), oldest first. */
    async waiting(q: Queryable, limit: number) {
      const { rows } = await q.query(`SELECT id FROM ${spec.table} WHERE ${claimable} ORDER BY created_at LIMIT $1`, [
        limit,
      ]);
      return (rows as { id: string }[]).map((r) => r.id);
    },
  };
}

/**
 * Runs `fn` holding the session advisory lock `lock` (an SQL expression, parameters in `values`)
 * on `client`, or answers 'busy' when another session holds it. The lock is released after, and
 * by PostgreSQL when the session dies: a row left running while nobody holds it was interrupted.
 */
export async function tryRunLock<T>(
  client: Queryable,
  lock: string,
  values: unknown[],
  fn: () => Promise<T>,
): Promise<T | 'busy'> {
  const {
    rows: [got],
  } = await client.query(`SELECT pg_try_advisory_lock(${lock}) AS ok`, values);
  if (!(got as { ok: boolean } | undefined)?.ok) return 'busy';
  try {
    return await fn();
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${lock})`, values).catch(() => undefined);
  }
}

export type TrackedJobSpec<Data extends object> = {
  /** The pg-boss queue of one run, and its options (a long run outlives pg-boss's default expiry). */
  queue: string;
  queueOptions?: Omit<PgBoss.Queue, 'name'>;
  workOptions?: { batchSize?: number; pollingIntervalSeconds?: number };
  /** Runs one job; whether it is this worker's to run is the row's claim (or lock) to decide. */
  run: (data: Data) => Promise<unknown>;
  /** The sweep: marks interrupted rows and answers the waiting ones, each as a job's data. */
  sweep: {
    /** Marks failed the rows a dead process left running; answers how many. */
    recover?: () => Promise<number>;
    /** The rows waiting for a worker. */
    waiting: () => Promise<Data[]>;
    /** 'queue': each gets a job; 'run': the sweep runs them itself, one after the other. */
    mode: 'queue' | 'run';
    /** Its own singleton queue and schedule (cron), when it runs periodically. */
    every?: { queue: string; cron: string };
    /** Also once at start, before the worker takes jobs. */
    atStart: boolean;
    /** Said when the sweep marked interrupted rows. */
    recovered?: (n: number) => string;
  };
};

type CreateQueue = (name: string, options: PgBoss.Queue) => Promise<unknown>;

/**
 * What the worker's log lines may say beside the message: the level (an error's line is `error`,
 * otherwise `info` unless said), and for a job a request queued, that request's id, the queue and
 * the job's id.
 */
export type LogFields = {
  level?: 'debug' | 'info' | 'warn' | 'error';
  requestId?: string;
  queue?: string;
  jobId?: string;
};
export type WorkerLog = (msg: string, err?: unknown, fields?: LogFields) => void;

/**
 * A queue's handler that, for each job a request queued (its data carries `requestId`: the API adds
 * it, apps/api/src/app.ts), logs the job's start and end with that request's id, so one request
 * is followed from its log lines into the worker's. Jobs from schedules and sweeps stay quiet.
 */
export function withRequestLines<Data>(
  queue: string,
  log: WorkerLog,
  handler: (jobs: PgBoss.Job<Data>[]) => Promise<unknown>,
) {
  return async (jobs: PgBoss.Job<Data>[]) => {
    const fromRequests = jobs.flatMap((job) => {
      const requestId = (job.data as { requestId?: unknown } | null)?.requestId;
      return typeof requestId === 'string' ? [{ requestId, queue, jobId: job.id }] : [];
    });
    const started = Date.now();
    for (const fields of fromRequests) log(`job ${queue} ${fields.jobId}: started`, undefined, fields);
    try {
      await handler(jobs);
    } catch (err) {
      for (const fields of fromRequests) log(`job ${queue} ${fields.jobId}: failed`, err, fields);
      throw err;
    }
    for (const fields of fromRequests)
      log(`job ${queue} ${fields.jobId}: done in ${Date.now() - started} ms`, undefined, fields);
  };
}

/** Creates the job's queue and worker, and its sweep (at start and/or on its schedule). */
export async function startTrackedJob<Data extends object>(
  boss: PgBoss,
  createQueue: CreateQueue,
  spec: TrackedJobSpec<Data>,
  log: WorkerLog,
) {
  const { sweep } = spec;
  const runSweep = async () => {
    const recovered = sweep.recover ? await sweep.recover() : 0;
    if (recovered && sweep.recovered) log(sweep.recovered(recovered));
    for (const data of await sweep.waiting()) {
      if (sweep.mode === 'run') await spec.run(data);
      else await boss.send(spec.queue, data);
    }
  };
  await createQueue(spec.queue, { name: spec.queue, ...spec.queueOptions });
  // Queued before the worker starts polling, so its first fetch takes them.
  if (sweep.atStart) await runSweep();
  await boss.work<Data>(
    spec.queue,
    { batchSize: 1, ...spec.workOptions },
    withRequestLines<Data>(spec.queue, log, async (jobs) => {
      await Promise.all(jobs.map((job) => spec.run(job.data)));
    }),
  );
  if (sweep.every) {
    await createQueue(sweep.every.queue, { name: sweep.every.queue, policy: 'singleton' });
    await boss.work(sweep.every.queue, runSweep);
    await boss.schedule(sweep.every.queue, sweep.every.cron, {});
  }
  return { sweep: runSweep };
}
