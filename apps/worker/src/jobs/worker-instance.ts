import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { wrapWork } from './wrap-work';
import type PgBoss from 'pg-boss';
import type { Db } from '@vaultdesk/db';

/** One job run as it ended: its queue, how long it took and whether its handler threw. */
export type JobRun = { queue: string; seconds: number; ok: boolean };

/** The default interval of a worker's heartbeat row (WORKER_HEARTBEAT_SECONDS). */
export const WORKER_HEARTBEAT_SECONDS = 15;
/** Rows of workers not seen for this long are removed by the next heartbeat of any worker. */
const FORGET_AFTER = '7 days';

/**
 * This worker process as the others and the API see it: a row in `worker_instances` written at
 * start and every `heartbeatSeconds` (with its job counts), marked stopped on a clean stop. A
 * worker killed or frozen stops writing it, which the API's /metrics shows as its last-seen age.
 */
export function workerInstance(db: Db, heartbeatSeconds: number, log: (msg: string, err?: unknown) => void) {
  const id = randomUUID();
  const counts = { run: 0, failed: 0 };
  const beat = async () => {
    await db.$client.query(
      `INSERT INTO worker_instances (id, host, pid, heartbeat_seconds, jobs_run, jobs_failed)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET last_seen_at = now(), jobs_run = $5, jobs_failed = $6`,
      [id, os.hostname(), process.pid, heartbeatSeconds, counts.run, counts.failed],
    );
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    id,
    counts,
    /** Writes the row now and then every `heartbeatSeconds`; forgets workers long gone. */
    async start() {
      // Never fatal: a worker of a new release started before any API migrated still runs its jobs,
      // and its row appears at the first heartbeat after the migration.
      await beat()
        .then(() =>
          db.$client.query(`DELETE FROM worker_instances WHERE last_seen_at < now() - interval '${FORGET_AFTER}'`),
        )
        .catch((err: unknown) => log('worker heartbeat failed', err));
      timer = setInterval(
        () => void beat().catch((err) => log('worker heartbeat failed', err)),
        heartbeatSeconds * 1000,
      );
      timer.unref();
    },
    /** The row says stopped: the API stops counting this worker at once (a killed one ages out instead). */
    async stop() {
      clearInterval(timer);
      await db.$client
        .query(
          `UPDATE worker_instances SET stopped_at = now(), last_seen_at = now(), jobs_run = $2, jobs_failed = $3 WHERE id = $1`,
          [id, counts.run, counts.failed],
        )
        .catch((err: unknown) => log('worker heartbeat: marking the worker stopped failed', err));
    },
  };
}

/**
 * Every handler given to `boss.work` from here on runs inside a job span (a no-op without
 * tracing: @opentelemetry/api answers non-recording spans until an SDK is registered) and is
 * timed and counted; `onRun` hears each run (the worker's /metrics). The handler's error is
 * passed on unchanged, so pg-boss fails and retries the job as before.
 */
export function instrumentWork(boss: PgBoss, counts: { run: number; failed: number }, onRun?: (run: JobRun) => void) {
  const tracer = trace.getTracer('vaultdesk-worker');
  wrapWork(
    boss,
    (name, handler) => (jobs) =>
      tracer.startActiveSpan(
        `job ${name}`,
        { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': name } },
        async (span) => {
          const started = performance.now();
          let ok = false;
          try {
            const result = await handler(jobs);
            ok = true;
            return result;
          } catch (err) {
            span.recordException(err as Error);
            span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
            throw err;
          } finally {
            counts.run++;
            if (!ok) counts.failed++;
            span.end();
            onRun?.({ queue: name, seconds: (performance.now() - started) / 1000, ok });
          }
        },
      ),
  );
}
