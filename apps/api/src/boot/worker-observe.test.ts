import { rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PgBoss from 'pg-boss';
import type { Db } from '@vaultdesk/db';
import { createTestDb } from '../../test/helpers';
import { testEnv } from '../../../../test/test-env';
import {
  baseEnv,
  freePort,
  repoRoot,
  startNode,
  waitMatch,
  waitReady,
  type NodeProcess,
} from '../../../../test/processes';
import { loadConfig } from '../config/config';

/**
 * Issue 34, finding 4 ("the worker is invisible") and the traces: a worker run alone answers
 * /healthz, /readyz (503 while its database is cut) and a token-protected /metrics with its job
 * runs; it writes a heartbeat row, so the API's /metrics lists it and, once it is killed, shows it
 * stale. With OTEL_EXPORTER_OTLP_ENDPOINT set, an OTLP/HTTP receiver here gets the API request's
 * server span with a child PostgreSQL span, and the worker's job span with its queries.
 *
 * Both processes run the TypeScript through tsx (as `npm run worker` and `npm start` do); the
 * worker reaches PostgreSQL through a TCP relay the test can cut, standing for a lost database.
 */
const TOKEN = 'worker-metrics-token-0123456789';
const dataDir = path.join(repoRoot, `.data/test-worker-observe-${process.pid}`);
let db: Db;
let drop: () => Promise<void> = async () => undefined;
let api: NodeProcess;
let worker: NodeProcess;
let apiBase = '';
let workerBase = '';
let workerEnv: Record<string, string | undefined> = {};
/** A second worker started on the first one's WORKER_PORT (while the API starts, to cost no extra time). */
let second: NodeProcess;
let boss: PgBoss;
let relay: { port: number; cut: () => void; restore: () => void; close: () => Promise<void> };
let receiver: { url: string; spans: () => Span[]; close: () => Promise<void> };

type Span = {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
};

/** An OTLP/HTTP collector for traces: keeps every span posted to /v1/traces (JSON, as the exporter sends it). */
async function startReceiver() {
  const spans: Span[] = [];
  type Value = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
  type Body = {
    resourceSpans?: {
      resource?: { attributes?: { key: string; value: Value }[] };
      scopeSpans?: {
        spans?: (Omit<Span, 'service' | 'attributes'> & { attributes?: { key: string; value: Value }[] })[];
      }[];
    }[];
  };
  const flat = (attrs: { key: string; value: Value }[] = []) =>
    Object.fromEntries(attrs.map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.boolValue]));
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let raw = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      if (req.url === '/v1/traces' && String(req.headers['content-type']).startsWith('application/json')) {
        const body = JSON.parse(raw.toString()) as Body;
        for (const rs of body.resourceSpans ?? []) {
          const service = String(flat(rs.resource?.attributes)['service.name']);
          for (const ss of rs.scopeSpans ?? [])
            for (const s of ss.spans ?? []) spans.push({ ...s, service, attributes: flat(s.attributes) });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => spans,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A TCP relay to PostgreSQL: `cut` drops every connection and refuses new ones until `restore`. */
async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: () => {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      open = true;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const get = async (url: string, token?: string) => {
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
};
/** The value of one sample of a Prometheus text answer (`name{labels}`), or undefined. */
const sample = (text: string, name: string, labels = '') => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').pop());
};
async function until<T>(what: string, read: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const t = await createTestDb();
  db = t.db;
  drop = t.drop;
  receiver = await startReceiver();
  const appUrl = new URL(t.appUrl);
  relay = await startRelay(appUrl);
  const throughRelay = new URL(t.appUrl);
  throughRelay.hostname = '127.0.0.1';
  throughRelay.port = String(relay.port);
  const apiPort = await freePort();
  apiBase = `http://127.0.0.1:${apiPort}`;
  const common = {
    ...baseEnv(),
    ...testEnv({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      CHAIN: 'false',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: TOKEN,
      METRICS_CACHE_SECONDS: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '200',
    }),
  };
  api = startNode(['--import', 'tsx', 'apps/api/src/main.ts'], {
    ...common,
    DATABASE_URL: t.appUrl,
    DATABASE_OWNER_URL: t.url,
    WORKER: 'false',
    PORT: String(apiPort),
    HOST: '127.0.0.1',
  });
  workerEnv = {
    ...common,
    // The lines waited for below (its port, "running") are info lines of the JSON log.
    LOG_LEVEL: 'info',
    DATABASE_URL: throughRelay.toString(),
    WORKER_PORT: '0',
    HOST: '127.0.0.1',
    WORKER_HEARTBEAT_SECONDS: '1',
  };
  worker = startNode(['--import', 'tsx', 'apps/api/src/worker-main.ts'], workerEnv);
  const [, port] = await waitMatch(worker, /health and metrics on port (\d+)/, 90_000);
  workerBase = `http://127.0.0.1:${port}`;
  second = startNode(['--import', 'tsx', 'apps/api/src/worker-main.ts'], { ...workerEnv, WORKER_PORT: port });
  await Promise.all([waitReady(api, apiBase, 90_000), waitMatch(worker, /\[worker\] running/, 90_000)]);
  boss = new PgBoss({ connectionString: t.url, max: 1, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
}, 150_000);

afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true }).catch(() => undefined);
  for (const p of [api, worker, second]) if (p && p.child.exitCode === null) p.child.kill('SIGKILL');
  await relay?.close();
  await receiver?.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('a worker run alone', () => {
  it('answers /healthz and /readyz on WORKER_PORT', async () => {
    expect(await get(`${workerBase}/healthz`)).toMatchObject({ status: 200, text: '{"status":"ok"}' });
    expect(await get(`${workerBase}/readyz`)).toMatchObject({ status: 200, text: '{"status":"ready"}' });
    expect((await get(`${workerBase}/nothing`)).status).toBe(404);
  });

  it('keeps /metrics for the token: 401 without it or with another', async () => {
    const none = await get(`${workerBase}/metrics`);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.text)).toEqual({ message: 'A valid metrics token is required', code: 'UNAUTHENTICATED' });
    expect((await get(`${workerBase}/metrics`, 'not-the-token-at-all')).status).toBe(401);
  });

  it('counts its job runs and their durations per queue, ok and failed', async () => {
    await boss.send('mail-dispatch', {});
    // An export id that is no uuid: the job's first query fails, the handler throws.
    await boss.send('csv-export', { exportId: 'not-an-export' });
    const metrics = await until('the jobs counted', async () => {
      const m = await get(`${workerBase}/metrics`, TOKEN);
      return (sample(m.text, 'vaultdesk_worker_job_runs_total', 'queue="mail-dispatch",result="ok"') ?? 0) >= 1 &&
        (sample(m.text, 'vaultdesk_worker_job_runs_total', 'queue="csv-export",result="failed"') ?? 0) >= 1
        ? m
        : undefined;
    });
    expect(metrics.type).toMatch(/^text\/plain; version=0.0.4/);
    expect(
      sample(metrics.text, 'vaultdesk_worker_job_duration_seconds_count', 'queue="mail-dispatch"'),
    ).toBeGreaterThanOrEqual(1);
    expect(metrics.text).toMatch(
      /^vaultdesk_worker_job_duration_seconds_bucket\{le="0.5",queue="mail-dispatch"\} \d+$/m,
    );
    expect(metrics.text).toMatch(/^vaultdesk_job_queue_depth\{queue="mail-dispatch",state="queued"\} \d+$/m);
    expect(sample(metrics.text, 'vaultdesk_metrics_db_read_ok')).toBe(1);
    expect(metrics.text).toContain('process_resident_memory_bytes');
    // Its heartbeat row carries the same counts (written each WORKER_HEARTBEAT_SECONDS).
    await until('the heartbeat with the counts', async () => {
      const { rows } = await db.$client.query<{ run: string; failed: string }>(
        'SELECT jobs_run AS run, jobs_failed AS failed FROM worker_instances WHERE pid = $1',
        [worker.child.pid],
      );
      return Number(rows[0]?.run) >= 2 && Number(rows[0]?.failed) >= 1;
    });
  });

  it('a second worker on the same WORKER_PORT stops with one line naming it', async () => {
    const port = new URL(workerBase).port;
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `[worker] Cannot start the worker: port ${port} (its health and metrics) is already in use: set WORKER_PORT to a free port`,
    );
  });

  it('says 503 on /readyz while its database is cut, and 200 again once it is back', async () => {
    relay.cut();
    try {
      const down = await until('503 from /readyz', async () => {
        const r = await get(`${workerBase}/readyz`);
        return r.status === 503 ? r : undefined;
      });
      expect(down.text).toBe('{"status":"database unavailable"}');
      // Alive all the same: the process answers.
      expect((await get(`${workerBase}/healthz`)).status).toBe(200);
    } finally {
      relay.restore();
    }
    await until('200 from /readyz', async () => (await get(`${workerBase}/readyz`)).status === 200);
  });
});

describe("the API's /metrics shows the workers", () => {
  it('lists the running worker with its last-seen age, then shows it stale once it is killed', async () => {
    const [{ id, host }] = (
      await db.$client.query<{ id: string; host: string }>('SELECT id, host FROM worker_instances WHERE pid = $1', [
        worker.child.pid,
      ])
    ).rows as [{ id: string; host: string }];
    const labels = `worker="${id}",host="${host}"`;
    const alive = await until('the worker alive', async () => {
      const m = await get(`${apiBase}/metrics`, TOKEN);
      return sample(m.text, 'vaultdesk_workers_alive') === 1 ? m : undefined;
    });
    expect(sample(alive.text, 'vaultdesk_worker_last_seen_seconds', labels)).toBeLessThan(3);

    worker.child.kill('SIGKILL');
    await worker.exited;
    // Three missed heartbeats (WORKER_HEARTBEAT_SECONDS=1): no worker alive, and its age keeps growing.
    const stale = await until('the worker stale', async () => {
      const m = await get(`${apiBase}/metrics`, TOKEN);
      return sample(m.text, 'vaultdesk_workers_alive') === 0 ? m : undefined;
    });
    expect(sample(stale.text, 'vaultdesk_worker_last_seen_seconds', labels)).toBeGreaterThanOrEqual(3);
  });
});

describe('traces over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it("an API request: a server span, child of the caller's traceparent, with a PostgreSQL span under it", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const res = await fetch(`${apiBase}/readyz`, { headers: { traceparent: `00-${traceId}-${callerSpan}-01` } });
    expect(res.status).toBe(200);
    const [server, query] = await until('the request spans', async () => {
      const spans = receiver.spans().filter((s) => s.traceId === traceId);
      const srv = spans.find((s) => s.name === 'GET /readyz');
      const sql = srv && spans.find((s) => s.parentSpanId === srv.spanId);
      return srv && sql ? [srv, sql] : undefined;
    });
    expect(server).toMatchObject({
      service: 'vaultdesk-api',
      kind: 2, // SERVER
      parentSpanId: callerSpan,
      attributes: { 'http.request.method': 'GET', 'http.route': '/readyz', 'http.response.status_code': 200 },
    });
    expect(query).toMatchObject({
      service: 'vaultdesk-api',
      name: 'SELECT',
      kind: 3, // CLIENT
      attributes: { 'db.system.name': 'postgresql', 'db.query.text': 'SELECT 1' },
    });
  });

  it("the worker's jobs: a span per run, with its queries as children", async () => {
    const job = receiver.spans().find((s) => s.service === 'vaultdesk-worker' && s.name === 'job mail-dispatch');
    expect(job).toMatchObject({ kind: 5, attributes: { 'messaging.destination.name': 'mail-dispatch' } }); // CONSUMER
    const children = receiver.spans().filter((s) => s.parentSpanId === job!.spanId);
    expect(children.length).toBeGreaterThan(0);
    expect(children[0]).toMatchObject({ kind: 3, attributes: { 'db.system.name': 'postgresql' } });
  });
});

describe("the worker's settings", () => {
  it('refuses a WORKER_PORT or WORKER_HEARTBEAT_SECONDS out of range, naming it', () => {
    expect(() => loadConfig(testEnv({ WORKER_PORT: '70000' }))).toThrow(/WORKER_PORT/);
    expect(() => loadConfig(testEnv({ WORKER_HEARTBEAT_SECONDS: '0' }))).toThrow(/WORKER_HEARTBEAT_SECONDS/);
    expect(loadConfig({ ...testEnv(), WORKER_PORT: '' }).worker).toEqual({ port: 8090, heartbeatSeconds: 15 });
  });
});
