import { createHash, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '@vaultdesk/db';
import type { App } from './app-types';

/**
 * `/metrics` in Prometheus's text format, for a scraper holding METRICS_TOKEN.
 *
 * Each app has its own registry (never prom-client's global one), so several apps in one
 * process (the tests, two instances side by side) each count only their own requests.
 * The database figures (job queues, exports, newsletters) are read when scraped, with bounded
 * queries, and reused for `cacheSeconds`: a burst of scrapes costs one round of queries.
 */
export type MetricsOptions = { token?: string; cacheSeconds: number };

/** Seconds: from a fast cached read to a slow export page or a request stuck on the pool. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** `/v1/admin/users/:id` -> `/v1/admin/users/{id}`: the route's template, as the OpenAPI document writes it. */
export const routeLabel = (url: string | undefined) => (url ? url.replace(/:(\w+)/g, '{$1}') : 'unmatched');

const sha256 = (s: string) => createHash('sha256').update(s).digest();
/** Compared as fixed-length digests, so neither the length nor the content of the token leaks through timing. */
export const tokenMatches = (given: string, expected: string) => timingSafeEqual(sha256(given), sha256(expected));

type Snapshot = {
  queues: { name: string; queued: number; active: number; failed: number }[];
  exports: { status: string; count: number; rows: number; oldestSeconds: number }[];
  newsletters: { status: string; count: number; sent: number; failed: number; remaining: number }[];
  workers: { id: string; host: string; ageSeconds: number; alive: boolean }[];
  chainWatch: { chainId: number; lagBlocks: number | null; headAgeSeconds: number | null }[];
  webhooks: { pending: number; oldestSeconds: number };
};

/** How long a scrape waits for a pooled connection: when every one is busy it answers without the database figures. */
const ACQUIRE_MS = 1000;

async function connectWithin(pool: pg.Pool, ms: number) {
  const pending = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const client = await Promise.race([
    pending,
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms);
    }),
  ]);
  clearTimeout(timer);
  if (client) return client;
  // Given back as soon as the pool hands it over.
  pending.then(
    (c) => c.release(),
    () => undefined,
  );
  throw new Error(`no database connection free within ${ms} ms`);
}

/** A `SET LOCAL statement_timeout` keeps a scrape from holding a connection if a table grows large. */
export async function readSnapshot(pool: pg.Pool): Promise<Snapshot> {
  const client = await connectWithin(pool, ACQUIRE_MS);
  try {
    await client.query('BEGIN READ ONLY');
    await client.query(`SET LOCAL statement_timeout = '2s'`);
    const {
      rows: [schema],
    } = await client.query<{ present: boolean }>(`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`);
    // pg-boss keeps a job in pgboss.job until it is archived (failed ones after 7 days by default):
    // queued = created or retry (waiting for a worker), active = being run, failed = retained failures.
    const queues = schema?.present
      ? (
          await client.query<Snapshot['queues'][number]>(
            `SELECT q.name,
                coalesce(j.queued, 0)::int AS queued, coalesce(j.active, 0)::int AS active, coalesce(j.failed, 0)::int AS failed
           FROM pgboss.queue q
           LEFT JOIN (SELECT name,
                             count(*) FILTER (WHERE state IN ('created', 'retry')) AS queued,
                             count(*) FILTER (WHERE state = 'active') AS active,
                             count(*) FILTER (WHERE state = 'failed') AS failed
                        FROM pgboss.job WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name) j ON j.name = q.name
          ORDER BY q.name LIMIT 200`,
          )
        ).rows
      : [];
    // Only the exports and newsletters in progress (partial indexes cover both).
    const { rows: exports } = await client.query<Snapshot['exports'][number]>(
      `SELECT status, count(*)::int AS count, coalesce(sum(rows_written), 0)::float8 AS rows,
              coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS "oldestSeconds"
         FROM exports WHERE status IN ('queued', 'running') GROUP BY status`,
    );
    const { rows: newsletters } = await client.query<Snapshot['newsletters'][number]>(
      `SELECT delivery_status AS status, count(*)::int AS count,
              coalesce(sum(total_sent), 0)::float8 AS sent, coalesce(sum(total_failed), 0)::float8 AS failed,
              coalesce(sum(greatest(coalesce(total_recipients, 0) - total_sent - total_failed, 0)), 0)::float8 AS remaining
         FROM newsletters WHERE is_published AND delivery_status IN ('pending', 'paused') GROUP BY delivery_status`,
    );
    // The workers not stopped cleanly and seen within a day (their heartbeat rows, migration 0041):
    // alive while their last heartbeat is younger than three of their intervals.
    const { rows: workers } = await client.query<Snapshot['workers'][number]>(
      `SELECT id::text, host, greatest(extract(epoch FROM now() - last_seen_at), 0)::float8 AS "ageSeconds",
              last_seen_at > now() - make_interval(secs => 3 * heartbeat_seconds) AS alive
         FROM worker_instances WHERE stopped_at IS NULL AND last_seen_at > now() - interval '1 day'
        ORDER BY last_seen_at DESC LIMIT 100`,
    );
    // The chain watcher's cursors (migration 0043), one row per chain: how far behind the head the
    // last block processed is, and how long ago the head was read (a stuck RPC shows here first).
    const { rows: chainWatch } = await client.query<Snapshot['chainWatch'][number]>(
      `SELECT chain_id AS "chainId", greatest(head_block - last_block, 0)::float8 AS "lagBlocks",
              greatest(extract(epoch FROM now() - head_seen_at), 0)::float8 AS "headAgeSeconds"
         FROM chain_watch_cursors ORDER BY chain_id LIMIT 20`,
    );
    // Webhook deliveries not yet delivered nor given up (webhook_deliveries_due_idx covers them).
    const {
      rows: [webhooks],
    } = await client.query<Snapshot['webhooks']>(
      `SELECT count(*)::int AS pending, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS "oldestSeconds"
         FROM webhook_deliveries WHERE status = 'pending'`,
    );
    await client.query('COMMIT');
    return {
      queues,
      exports,
      newsletters,
      workers,
      chainWatch,
      webhooks: webhooks ?? { pending: 0, oldestSeconds: 0 },
    };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export function registerMetrics(app: App, db: Db, options: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the answer sent, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  // One observer per method, route and status, its labels worked out once (a bounded set: the
  // routes are fixed, unmatched URLs share one label); a callback hook, no promise per request.
  const observers = new Map<string, (seconds: number) => void>();
  app.addHook('onResponse', (req, reply, done) => {
    // A live stream lasts as long as the page stays open: its "latency" would drown every other figure.
    if (!req.routeOptions.config?.stream) {
      const key = `${req.method} ${reply.statusCode} ${req.routeOptions.url ?? ''}`;
      let observe = observers.get(key);
      if (!observe) {
        const labels = {
          method: req.method,
          route: routeLabel(req.routeOptions.url),
          status_code: String(reply.statusCode),
        };
        observe = (seconds) => http.observe(labels, seconds);
        observers.set(key, observe);
      }
      observe(reply.elapsedTime / 1000);
    }
    done();
  });

  const pools: [string, pg.Pool][] = [
    ['main', db.$client],
    ['generic', db.$generic],
  ];
  const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        for (const [pool, p] of pools) this.set({ pool }, read(p));
      },
    });
  poolGauge('vaultdesk_db_pool_connections', 'Connections open in the PostgreSQL pool.', (p) => p.totalCount);
  poolGauge('vaultdesk_db_pool_idle', 'Open connections not running a query.', (p) => p.idleCount);
  poolGauge(
    'vaultdesk_db_pool_waiting',
    'Queries waiting for a connection (the pool is at its size).',
    (p) => p.waitingCount,
  );
  poolGauge('vaultdesk_db_pool_max', 'The pool size (PG_POOL_SIZE).', (p) => p.options.max ?? 10);

  // One read shared by every gauge below and by concurrent scrapes; kept `cacheSeconds`.
  let cached: { at: number; value: Promise<Snapshot | null> } | null = null;
  const snapshot = () => {
    const now = Date.now();
    if (!cached || now - cached.at >= options.cacheSeconds * 1000) {
      cached = {
        at: now,
        value: readSnapshot(db.$client).catch((err: unknown) => {
          app.log.warn({ err }, 'metrics: reading queues, exports and newsletters failed');
          return null;
        }),
      };
    }
    return cached.value;
  };
  new Gauge({
    name: 'vaultdesk_metrics_db_read_ok',
    help: '1 when the job queue, export and newsletter figures below were read; 0 when the read failed (pool exhausted, database down).',
    registers: [registry],
    async collect() {
      this.set((await snapshot()) ? 1 : 0);
    },
  });
  const dbGauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge, s: Snapshot) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const s = await snapshot();
        this.reset();
        if (s) fill(this, s);
      },
    });
  dbGauge(
    'vaultdesk_job_queue_depth',
    'Jobs per pg-boss queue waiting for a worker (queued) or being run (active).',
    ['queue', 'state'],
    (g, s) => {
      for (const q of s.queues) {
        g.set({ queue: q.name, state: 'queued' }, q.queued);
        g.set({ queue: q.name, state: 'active' }, q.active);
      }
    },
  );
  dbGauge(
    'vaultdesk_job_queue_failed',
    'Failed jobs per pg-boss queue still retained (until pg-boss archives them).',
    ['queue'],
    (g, s) => {
      for (const q of s.queues) g.set({ queue: q.name }, q.failed);
    },
  );
  const EXPORT_STATES = ['queued', 'running'];
  dbGauge('vaultdesk_exports_in_progress', 'CSV exports queued or running.', ['status'], (g, s) => {
    for (const status of EXPORT_STATES) g.set({ status }, s.exports.find((e) => e.status === status)?.count ?? 0);
  });
  dbGauge('vaultdesk_export_rows_written', 'Rows written so far by the running exports.', [], (g, s) => {
    g.set(s.exports.find((e) => e.status === 'running')?.rows ?? 0);
  });
  dbGauge(
    'vaultdesk_export_oldest_seconds',
    'Age of the oldest export still queued or running (0 when none).',
    [],
    (g, s) => {
      g.set(Math.max(0, ...s.exports.map((e) => e.oldestSeconds)));
    },
  );
  const LETTER_STATES = ['pending', 'paused'];
  dbGauge(
    'vaultdesk_newsletters_in_progress',
    'Published newsletters being sent (pending) or paused mid-send.',
    ['status'],
    (g, s) => {
      for (const status of LETTER_STATES) g.set({ status }, s.newsletters.find((n) => n.status === status)?.count ?? 0);
    },
  );
  dbGauge(
    'vaultdesk_newsletter_mails',
    'Mails of the newsletters in progress: sent, failed and remaining.',
    ['result'],
    (g, s) => {
      const sum = (k: 'sent' | 'failed' | 'remaining') => s.newsletters.reduce((n, l) => n + l[k], 0);
      for (const result of ['sent', 'failed', 'remaining'] as const) g.set({ result }, sum(result));
    },
  );

  dbGauge(
    'vaultdesk_workers_alive',
    'Workers (run alone or inside an API) whose heartbeat is younger than three of their intervals.',
    [],
    (g, s) => {
      g.set(s.workers.filter((w) => w.alive).length);
    },
  );
  dbGauge(
    'vaultdesk_worker_last_seen_seconds',
    "Seconds since each worker's last heartbeat (workers not stopped cleanly, seen within a day).",
    ['worker', 'host'],
    (g, s) => {
      for (const w of s.workers) g.set({ worker: w.id, host: w.host }, w.ageSeconds);
    },
  );

  dbGauge(
    'vaultdesk_chain_watch_lag_blocks',
    "Blocks between each chain's head (as last read) and the last block the chain watcher processed.",
    ['chain_id'],
    (g, s) => {
      for (const c of s.chainWatch) if (c.lagBlocks !== null) g.set({ chain_id: String(c.chainId) }, c.lagBlocks);
    },
  );
  dbGauge(
    'vaultdesk_chain_watch_head_age_seconds',
    "Seconds since the chain watcher last read each chain's head.",
    ['chain_id'],
    (g, s) => {
      for (const c of s.chainWatch)
        if (c.headAgeSeconds !== null) g.set({ chain_id: String(c.chainId) }, c.headAgeSeconds);
    },
  );

  dbGauge('vaultdesk_webhook_deliveries_pending', 'Webhook deliveries waiting to be sent or retried.', [], (g, s) =>
    g.set(s.webhooks.pending),
  );
  dbGauge(
    'vaultdesk_webhook_oldest_pending_seconds',
    'Seconds since the oldest pending webhook delivery was created (0 when none).',
    [],
    (g, s) => g.set(s.webhooks.oldestSeconds),
  );

  const notFound = (method: string, url: string) => ({
    message: `No route ${method} ${url.split('?')[0]}`,
    code: 'NOT_FOUND',
  });
  // Outside /v1: not a client operation (hidden from the OpenAPI document), not behind the
  // session guard or maintenance mode. Without METRICS_TOKEN it does not exist.
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const expected = options.token;
    if (!expected) return reply.code(404).send(notFound(req.method, req.url));
    const header = req.headers.authorization ?? '';
    const given = /^Bearer (\S+)$/i.exec(header)?.[1];
    if (!given || !tokenMatches(given, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'A valid metrics token is required', code: 'UNAUTHENTICATED' });
    }
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });

  app.addHook('onClose', async () => registry.clear());
  return registry;
}
