import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '@vaultdesk/db';
import type { JobRun } from '@vaultdesk/worker';
import { DURATION_BUCKETS, readSnapshot, tokenMatches } from './metrics';

/**
 * The HTTP side of a worker run alone (`npm run worker`), on WORKER_PORT: `/healthz` (the process
 * answers), `/readyz` (its database answers and its job queues run; 503 naming what does not) and
 * `/metrics` for a scraper holding METRICS_TOKEN (404 without one, 401 without the right one), as
 * the API's. Plain node:http: three fixed paths need no framework, and the worker loads no Fastify.
 */
export type WorkerServerOptions = {
  db: Db;
  port: number;
  host: string;
  token?: string;
  cacheSeconds: number;
  /** Whether the worker's pg-boss is running (false before it started and once it stops). */
  running: () => boolean;
};

/** Job durations: from a sweep that finds nothing to an export or a newsletter send of minutes. */
const JOB_BUCKETS = [...DURATION_BUCKETS, 30, 60, 300, 1800];

export function workerMetrics(db: Db, cacheSeconds: number) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const runs = new Counter({
    name: 'vaultdesk_worker_job_runs_total',
    help: 'Jobs this worker ran, by queue and result (ok, or failed: the handler threw and pg-boss retries or fails the job).',
    labelNames: ['queue', 'result'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'vaultdesk_worker_job_duration_seconds',
    help: 'Time this worker spent on one job run, by queue.',
    labelNames: ['queue'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  // The queues as the API reports them (database-wide, read when scraped and reused `cacheSeconds`).
  let cached: { at: number; value: Promise<Awaited<ReturnType<typeof readSnapshot>> | null> } | null = null;
  const snapshot = () => {
    if (!cached || Date.now() - cached.at >= cacheSeconds * 1000)
      cached = { at: Date.now(), value: readSnapshot(db.$client).catch(() => null) };
    return cached.value;
  };
  new Gauge({
    name: 'vaultdesk_metrics_db_read_ok',
    help: '1 when the job queue figures were read; 0 when the read failed (database down, pool busy).',
    registers: [registry],
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'vaultdesk_job_queue_depth',
    help: 'Jobs per pg-boss queue waiting for a worker (queued) or being run (active).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const s = await snapshot();
      this.reset();
      for (const q of s?.queues ?? []) {
        this.set({ queue: q.name, state: 'queued' }, q.queued);
        this.set({ queue: q.name, state: 'active' }, q.active);
      }
    },
  });
  return {
    registry,
    /** Counts one job run (WorkerOptions.onJobRun). */
    observe: ({ queue, seconds, ok }: JobRun) => {
      runs.inc({ queue, result: ok ? 'ok' : 'failed' });
      durations.observe({ queue }, seconds);
    },
  };
}

const json = (res: http.ServerResponse, status: number, body: object, headers: http.OutgoingHttpHeaders = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
};

/** `SELECT 1` within `ms`: a database that does not answer is as unready as one that refuses. */
async function databaseAnswers(db: Db, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.$client.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), ms);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Listens on `port` (0: any free one); answers the server and the port it took. */
export async function startWorkerServer(options: WorkerServerOptions, metrics: ReturnType<typeof workerMetrics>) {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return json(
        res,
        405,
        { message: `${req.method} is not allowed here`, code: 'METHOD_NOT_ALLOWED' },
        { allow: 'GET, HEAD' },
      );
    if (path === '/healthz') return json(res, 200, { status: 'ok' });
    if (path === '/readyz') {
      void (async () => {
        if (!(await databaseAnswers(options.db, 2000))) return json(res, 503, { status: 'database unavailable' });
        if (!options.running()) return json(res, 503, { status: 'job queues not running' });
        return json(res, 200, { status: 'ready' });
      })().catch(() => json(res, 503, { status: 'database unavailable' }));
      return;
    }
    if (path === '/metrics' && options.token) {
      const given = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!given || !tokenMatches(given, options.token))
        return json(
          res,
          401,
          { message: 'A valid metrics token is required', code: 'UNAUTHENTICATED' },
          { 'www-authenticate': 'Bearer realm="metrics"' },
        );
      void metrics.registry.metrics().then(
        (body) => {
          res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
          res.end(body);
        },
        () => json(res, 500, { message: 'The metrics could not be collected', code: 'INTERNAL' }),
      );
      return;
    }
    return json(res, 404, { message: `No route ${req.method} ${path}`, code: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: options.port, host: options.host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
