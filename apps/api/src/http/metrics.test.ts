import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bearer, createTestApp, demo, sessionFor, type TestApp } from '../../test/helpers';
import type { App } from './app-types';

const TOKEN = 'metrics-test-token-0123456789';
let t: TestApp;
const extraApps: App[] = [];

beforeAll(async () => {
  // Database figures read afresh on every scrape here; the cache has its own test below.
  t = await createTestApp({ METRICS_TOKEN: TOKEN, METRICS_CACHE_SECONDS: '0' });
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t?.close();
});

/** A second app on the same database and process, with other metrics settings (its own registry). */
const another = async (overrides: Partial<TestApp['config']>) => {
  const app = await buildApp({ config: { ...t.config, ...overrides }, db: t.db, logger: false });
  extraApps.push(app);
  return app;
};

const scrape = async (app: App = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** Every sample of `name` in the text format, with its labels. */
const samples = (body: string, name: string) =>
  body
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .map((line) => {
      const m = /^[^{ ]+(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...(m[1] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1]!, l[2]!]),
      );
      return { labels, value: Number(m[2]) };
    });
/** The value of the one sample of `name` carrying `labels` (undefined when absent). */
const value = (body: string, name: string, labels: Record<string, string> = {}) =>
  samples(body, name).find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('access to /metrics', () => {
  it('answers 404 (JSON, not the web app) when METRICS_TOKEN is not set', async () => {
    const app = await another({ metrics: { cacheSeconds: 0 } });
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route GET /metrics', code: 'NOT_FOUND' });
  });

  it('answers 401 without the token, with a wrong one, or with another scheme', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      'Bearer wrong',
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      TOKEN,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().code).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers the Prometheus text format with the right token, default process metrics included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(value(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value(res.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('is not a client operation: absent from the OpenAPI document and the route table', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
    expect(t.app.routeTable.some((r) => r.url === '/metrics')).toBe(false);
  });

  it('keeps answering in maintenance mode, which refuses the API', async () => {
    const app = await another({ maintenance: true });
    expect((await app.inject({ method: 'GET', url: '/v1/admin/me', headers: bearer(TOKEN) })).statusCode).toBe(503);
    const body = await scrape(app);
    expect(value(body, 'vaultdesk_db_pool_max', { pool: 'main' })).toBe(5);
  });
});

describe('request duration per route', () => {
  it('labels each request with its method, route template and status code, never the raw path', async () => {
    const token = await sessionFor(t.db, demo('superadmin').email);
    const exportId = randomUUID();
    const newsletterId = randomUUID();
    const before = await scrape();
    const count = (body: string, labels: Record<string, string>) =>
      value(body, 'http_request_duration_seconds_count', labels) ?? 0;
    const exportLabels = { method: 'GET', route: '/v1/admin/exports/{id}', status_code: '404' };
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/admin/exports/${exportId}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/newsletters/${newsletterId}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/no-such-route/${exportId}` })).statusCode).toBe(404);

    const after = await scrape();
    expect(count(after, exportLabels) - count(before, exportLabels)).toBe(3);
    expect(
      count(after, { method: 'GET', route: '/v1/newsletters/{id}', status_code: '401' }) -
        count(before, { method: 'GET', route: '/v1/newsletters/{id}', status_code: '401' }),
    ).toBe(1);
    expect(count(after, { method: 'GET', route: '/v1/admin/me', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(count(after, { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    // The buckets are cumulative: the +Inf bucket holds every sample of the route.
    expect(value(after, 'http_request_duration_seconds_bucket', { ...exportLabels, le: '+Inf' })).toBe(
      count(after, exportLabels),
    );
    expect(value(after, 'http_request_duration_seconds_sum', exportLabels)).toBeGreaterThan(0);
    // No id, raw path or query ever becomes a label value.
    for (const raw of [exportId, newsletterId, 'no-such-route']) expect(after).not.toContain(raw);
    const routes = new Set(samples(after, 'http_request_duration_seconds_count').map((s) => s.labels.route!));
    for (const route of routes) expect(route, route).toMatch(/^(unmatched|\/[\w\-/{}.*]*)$/);
    expect([...routes].some((r) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(r))).toBe(false);
  });
});

describe('database pool', () => {
  it('reports open, idle and waiting connections, and answers while every connection is taken', async () => {
    const body = await scrape();
    expect(value(body, 'vaultdesk_db_pool_max', { pool: 'main' })).toBe(5);
    expect(value(body, 'vaultdesk_db_pool_connections', { pool: 'main' })).toBeGreaterThanOrEqual(1);
    expect(value(body, 'vaultdesk_db_pool_idle', { pool: 'main' })).toBeGreaterThanOrEqual(0);
    expect(value(body, 'vaultdesk_db_pool_waiting', { pool: 'main' })).toBe(0);
    expect(value(body, 'vaultdesk_db_pool_connections', { pool: 'generic' })).toBeGreaterThanOrEqual(0);
    expect(value(body, 'vaultdesk_metrics_db_read_ok')).toBe(1);

    // Every connection of the pool held, one more query waiting for one.
    const held = await Promise.all(Array.from({ length: 5 }, () => t.appDb.$client.connect()));
    const waiting = t.appDb.$client.query<{ n: number }>('SELECT 1 AS n');
    try {
      const started = Date.now();
      const busy = await scrape();
      expect(Date.now() - started).toBeLessThan(4000);
      expect(value(busy, 'vaultdesk_db_pool_connections', { pool: 'main' })).toBe(5);
      expect(value(busy, 'vaultdesk_db_pool_idle', { pool: 'main' })).toBe(0);
      expect(value(busy, 'vaultdesk_db_pool_waiting', { pool: 'main' })).toBeGreaterThanOrEqual(1);
      expect(value(busy, 'vaultdesk_metrics_db_read_ok')).toBe(0);
    } finally {
      for (const c of held) c.release();
    }
    expect((await waiting).rows[0]!.n).toBe(1);
    expect(value(await scrape(), 'vaultdesk_metrics_db_read_ok')).toBe(1);
  });
});

describe('job queues, exports and newsletters', () => {
  it('shows a queued job and a failed job in their queue', async () => {
    const boss = new PgBoss({
      connectionString: (t.db.$client as unknown as { options: { connectionString: string } }).options.connectionString,
      max: 2,
    });
    await boss.start();
    try {
      const queue = 'metrics-probe';
      await boss.createQueue(queue, { name: queue, retryLimit: 0 });
      const empty = await scrape();
      expect(value(empty, 'vaultdesk_job_queue_depth', { queue, state: 'queued' })).toBe(0);
      expect(value(empty, 'vaultdesk_job_queue_failed', { queue })).toBe(0);

      await boss.send(queue, { n: 1 });
      await boss.send(queue, { n: 2 });
      await boss.send(queue, { n: 3 });
      const [job] = await boss.fetch(queue);
      const queued = await scrape();
      expect(value(queued, 'vaultdesk_job_queue_depth', { queue, state: 'queued' })).toBe(2);
      expect(value(queued, 'vaultdesk_job_queue_depth', { queue, state: 'active' })).toBe(1);

      await boss.fail(queue, job!.id, { message: 'probe failed' });
      const failed = await scrape();
      expect(value(failed, 'vaultdesk_job_queue_failed', { queue })).toBe(1);
      expect(value(failed, 'vaultdesk_job_queue_depth', { queue, state: 'active' })).toBe(0);
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
  });

  it('shows an export asked through the API while it is queued, then running with its rows written', async () => {
    const before = await scrape();
    const queuedBefore = value(before, 'vaultdesk_exports_in_progress', { status: 'queued' })!;
    const runningBefore = value(before, 'vaultdesk_exports_in_progress', { status: 'running' })!;
    const token = await sessionFor(t.db, demo('support').email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/transactions?type=savings&start=2026-05-01&end=2026-06-30&download=true',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const exportId = (res.json() as { data: { exportId: string } }).data.exportId;

    const queued = await scrape();
    expect(value(queued, 'vaultdesk_exports_in_progress', { status: 'queued' })).toBe(queuedBefore + 1);
    expect(value(queued, 'vaultdesk_export_oldest_seconds')).toBeGreaterThanOrEqual(0);

    // What the worker writes as it streams the file.
    await t.db.$client.query(
      `UPDATE exports SET status = 'running', started_at = now(), rows_written = 1234 WHERE id = $1`,
      [exportId],
    );
    const running = await scrape();
    expect(value(running, 'vaultdesk_exports_in_progress', { status: 'queued' })).toBe(queuedBefore);
    expect(value(running, 'vaultdesk_exports_in_progress', { status: 'running' })).toBe(runningBefore + 1);
    expect(value(running, 'vaultdesk_export_rows_written')).toBeGreaterThanOrEqual(1234);
  });

  it('shows a newsletter being sent with its mails sent, failed and remaining', async () => {
    const before = await scrape();
    const mails = (body: string, result: string) => value(body, 'vaultdesk_newsletter_mails', { result })!;
    const pendingBefore = value(before, 'vaultdesk_newsletters_in_progress', { status: 'pending' })!;
    await t.db.$client.query(
      `INSERT INTO newsletters (subject, creator_email, is_published, delivery_status, total_recipients, total_sent, total_failed, started_at)
       VALUES ('Metrics probe', 'superadmin@vaultdesk.test', true, 'pending', 100, 40, 2, now())`,
    );
    const after = await scrape();
    expect(value(after, 'vaultdesk_newsletters_in_progress', { status: 'pending' })).toBe(pendingBefore + 1);
    expect(mails(after, 'sent') - mails(before, 'sent')).toBe(40);
    expect(mails(after, 'failed') - mails(before, 'failed')).toBe(2);
    expect(mails(after, 'remaining') - mails(before, 'remaining')).toBe(58);
  });

  it('reuses its database reads for METRICS_CACHE_SECONDS, while the pool figures stay live', async () => {
    const cached = await another({ metrics: { token: TOKEN, cacheSeconds: 60 } });
    const first = await scrape(cached);
    const n = value(first, 'vaultdesk_exports_in_progress', { status: 'queued' })!;
    await t.db.$client.query(
      `INSERT INTO exports (report, params, requested_by, expires_at)
       SELECT 'metrics-probe', '{}', id, now() + interval '1 day' FROM staff ORDER BY created_at LIMIT 1`,
    );
    const second = await scrape(cached);
    expect(value(second, 'vaultdesk_exports_in_progress', { status: 'queued' })).toBe(n);
    // The uncached app on the same database sees it at once.
    expect(value(await scrape(), 'vaultdesk_exports_in_progress', { status: 'queued' })).toBe(n + 1);
    // Each app counts only its own requests (one registry per app).
    expect(
      value(second, 'http_request_duration_seconds_count', { method: 'GET', route: '/metrics', status_code: '200' }),
    ).toBe(1);
  });
});
