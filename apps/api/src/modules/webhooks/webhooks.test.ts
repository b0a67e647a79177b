import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSigningText } from '@vaultdesk/contract';
import { bearer, useTestApp } from '../../../test/helpers';
import { insertServiceClient, productCall, type TestServiceClient } from '../../../test/product';
import { processWebhooksOnce, type WebhookSettings } from './webhooks.service';

/** What the test endpoint received. */
type Received = { path: string; headers: http.IncomingHttpHeaders; body: string; at: number };
/** How the endpoint answers a path: a status, a redirect, or silence past the timeout. */
type Mode = 'ok' | '500' | 'redirect' | 'hang';

describe('webhook delivery', () => {
  const { t, tokens, q } = useTestApp();
  const received: Received[] = [];
  /** Per path, the answers to give in turn (the last one repeats); per event id, a failure. */
  const plans = new Map<string, Mode[]>();
  const failEvents = new Set<string>();
  let server: http.Server;
  let base = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push({ path, headers: req.headers, body, at: Date.now() });
        const plan = plans.get(path) ?? ['ok'];
        const mode = plan.length > 1 ? plan.shift()! : plan[0]!;
        if (failEvents.has(String(req.headers['vaultdesk-event-id']))) return res.writeHead(503).end('down');
        if (mode === 'hang') return void setTimeout(() => res.writeHead(200).end(), 3_000);
        if (mode === '500') return res.writeHead(500).end('boom');
        if (mode === 'redirect') return res.writeHead(302, { location: `${base}/elsewhere` }).end();
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const settings = (over: Partial<WebhookSettings> = {}): WebhookSettings => ({
    timeoutMs: 500,
    retryBaseMs: 100,
    retryMaxMs: 400,
    retryForMs: 60_000,
    concurrency: 8,
    perClient: 2,
    pollMs: 50,
    settleMs: 60_000,
    fanoutBatch: 5_000,
    secretsKey: t.config.secretsKey,
    ...over,
  });
  const pass = (over: Partial<WebhookSettings> = {}) =>
    processWebhooksOnce({ db: t.db, settings: settings(over), log: () => undefined });

  /** A client of its own (the earlier tests' clients revoked, so each test sees only its own deliveries). */
  async function client(
    path: string,
    opts: { eventTypes?: string[]; scopes?: ('events.read' | 'customers.read')[] } = {},
  ) {
    await q(`UPDATE service_clients SET status = 'revoked', revoked_at = now() WHERE status = 'active'`);
    const c = await insertServiceClient(t.db, t.config.secretsKey, {
      webhookUrl: `${base}${path}`,
      ...(opts.scopes ? { scopes: opts.scopes } : {}),
    });
    if (opts.eventTypes) await q(`UPDATE service_clients SET event_types = $2 WHERE id = $1`, [c.id, opts.eventTypes]);
    return c;
  }
  /** An outbox event as a decision writes it (the chain watcher's deposit.credited shape by default). */
  async function event(userId: string | null, type = 'deposit.credited', data: Record<string, unknown> = {}) {
    const rows = await q<{ id: string; event_id: string }>(
      `INSERT INTO outbox_events (type, user_id, payload) VALUES ($1, $2, $3) RETURNING id::text, event_id::text`,
      [type, userId, JSON.stringify({ customerId: userId, amount: '25.00', token: 'BUSD', ...data })],
    );
    return rows[0]!;
  }
  const deliveries = (clientId: string) =>
    q<{
      id: string;
      event_id: string;
      status: string;
      attempts: number;
      last_status_code: number | null;
      last_error: string | null;
      delay_ms: number | null;
    }>(
      `SELECT id::text, event_id::text, status, attempts, last_status_code, last_error,
              (extract(epoch FROM next_attempt_at - last_attempt_at) * 1000)::int AS delay_ms
         FROM webhook_deliveries WHERE client_id = $1 ORDER BY outbox_id`,
      [clientId],
    );
  const due = (clientId: string) =>
    q(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE client_id = $1 AND status = 'pending'`, [clientId]);
  const signed = (secret: string, h: http.IncomingHttpHeaders, body: string) => {
    const header = String(h['vaultdesk-signature']);
    const ts = /t=(\d+)/.exec(header)![1]!;
    const v1 = [...header.matchAll(/v1=([0-9a-f]{64})/g)].map((m) => m[1]);
    return v1.includes(createHmac('sha256', secret).update(webhookSigningText(ts, body)).digest('hex'));
  };
  let customers: string[] = [];
  beforeAll(async () => {
    customers = (await q<{ id: string }>(`SELECT id::text FROM users ORDER BY created_at LIMIT 2`)).map((r) => r.id);
    while (customers.length < 2) customers.push(randomUUID());
  });

  it('retries a failing, silent and redirecting endpoint with doubling delays until it answers 2xx, signed', async () => {
    const c = await client('/recovers');
    plans.set('/recovers', ['500', 'hang', 'redirect', 'ok']);
    const e = await event(customers[0]!);

    // The delay runs from the answer, the attempt time is the claim's: within the pass's own time of it.
    const timed = async () => {
      const at = Date.now();
      const out = await pass();
      return { out, ms: Date.now() - at };
    };
    let run = await timed();
    expect(run.out).toMatchObject({ fannedOut: 1, attempted: 1, retrying: 1 });
    let [d] = await deliveries(c.id);
    expect(d).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status_code: 500,
      last_error: 'The endpoint answered 500',
    });
    expect(d!.delay_ms).toBeGreaterThanOrEqual(80);
    expect(d!.delay_ms).toBeLessThanOrEqual(120 + run.ms);
    // Not due yet: the next pass leaves it alone.
    expect((await pass()).attempted).toBe(0);

    await due(c.id);
    run = await timed();
    expect(run.out).toMatchObject({ attempted: 1, retrying: 1 });
    expect(run.ms).toBeLessThan(2_500);
    [d] = await deliveries(c.id);
    expect(d).toMatchObject({ attempts: 2, last_status_code: null, last_error: 'No answer within 500 ms' });
    expect(d!.delay_ms).toBeGreaterThanOrEqual(160);
    expect(d!.delay_ms).toBeLessThanOrEqual(240 + run.ms);

    await due(c.id);
    run = await timed();
    expect(run.out).toMatchObject({ attempted: 1, retrying: 1 });
    [d] = await deliveries(c.id);
    expect(d).toMatchObject({ attempts: 3, last_status_code: 302, last_error: 'Redirect (302) not followed' });
    expect(d!.delay_ms).toBeGreaterThanOrEqual(320);
    // Capped at retryMaxMs (400), jitter included.
    expect(d!.delay_ms).toBeLessThanOrEqual(400 * 1.2 + run.ms);
    expect(received.some((r) => r.path === '/elsewhere')).toBe(false);

    await due(c.id);
    expect(await pass()).toMatchObject({ attempted: 1, delivered: 1 });
    [d] = await deliveries(c.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 4, last_status_code: 200, last_error: null });

    const got = received.filter((r) => r.path === '/recovers');
    expect(got).toHaveLength(4);
    const last = got[3]!;
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers['vaultdesk-event-id']).toBe(e.event_id);
    expect(last.headers['vaultdesk-event-type']).toBe('deposit.credited');
    expect(signed(c.secret, last.headers, last.body)).toBe(true);
    expect(signed('vds_someone-else', last.headers, last.body)).toBe(false);
    const body = JSON.parse(last.body);
    expect(body).toEqual({
      id: e.event_id,
      type: 'deposit.credited',
      occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      customerId: customers[0],
      data: { customerId: customers[0], amount: '25.00', token: 'BUSD' },
    });
    // Every attempt carried the same event id (a receiver deduplicates on it).
    expect(new Set(got.map((r) => r.headers['vaultdesk-event-id']))).toEqual(new Set([e.event_id]));
  });

  it('signs with the previous secret too while its rotation grace lasts', async () => {
    const c = await client('/rotated');
    const fresh = await insertServiceClient(t.db, t.config.secretsKey);
    await q(
      `UPDATE service_clients SET previous_secret_enc = secret_enc, previous_secret_expires_at = now() + interval '1 hour',
              secret_enc = (SELECT secret_enc FROM service_clients WHERE id = $2) WHERE id = $1`,
      [c.id, fresh.id],
    );
    await q(`UPDATE service_clients SET status = 'revoked' WHERE id = $1`, [fresh.id]);
    await event(customers[0]!);
    expect(await pass()).toMatchObject({ delivered: 1 });
    const got = received.filter((r) => r.path === '/rotated').at(-1)!;
    expect(String(got.headers['vaultdesk-signature']).match(/v1=/g)).toHaveLength(2);
    expect(signed(fresh.secret, got.headers, got.body)).toBe(true);
    expect(signed(c.secret, got.headers, got.body)).toBe(true);

    // Once the grace is over, only the new secret signs.
    await q(`UPDATE service_clients SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [
      c.id,
    ]);
    await event(customers[0]!);
    expect(await pass()).toMatchObject({ delivered: 1 });
    const next = received.filter((r) => r.path === '/rotated').at(-1)!;
    expect(String(next.headers['vaultdesk-signature']).match(/v1=/g)).toHaveLength(1);
    expect(signed(fresh.secret, next.headers, next.body)).toBe(true);
    expect(signed(c.secret, next.headers, next.body)).toBe(false);
  });

  it("keeps one customer's events in order while an earlier one fails; another customer's go on; given up, the next proceeds", async () => {
    const c = await client('/ordered');
    const [u, v] = customers as [string, string];
    const first = await event(u, 'deposit.credited', { n: 1 });
    const second = await event(u, 'withdrawal.processed', { n: 2 });
    const other = await event(v, 'deposit.credited', { n: 3 });
    failEvents.add(first.event_id);

    expect(await pass()).toMatchObject({ fannedOut: 3, attempted: 2, delivered: 1, retrying: 1 });
    await due(c.id);
    expect(await pass()).toMatchObject({ attempted: 1, retrying: 1 });
    let rows = await deliveries(c.id);
    expect(rows.map((r) => [r.event_id, r.status, r.attempts])).toEqual([
      [first.event_id, 'pending', 2],
      [second.event_id, 'pending', 0],
      [other.event_id, 'delivered', 1],
    ]);

    // Retries over (the window is 0 here): the first is failed, and the second goes out.
    await due(c.id);
    expect(await pass({ retryForMs: 0 })).toMatchObject({ attempted: 1, failed: 1 });
    expect(await pass()).toMatchObject({ attempted: 1, delivered: 1 });
    rows = await deliveries(c.id);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'delivered', 'delivered']);
    const order = received.filter((r) => r.path === '/ordered').map((r) => r.headers['vaultdesk-event-id']);
    expect(order.lastIndexOf(first.event_id)).toBeLessThan(order.indexOf(second.event_id));
    failEvents.delete(first.event_id);
  });

  it('does not let a silent endpoint hold up another client', async () => {
    await q(`UPDATE service_clients SET status = 'revoked', revoked_at = now() WHERE status = 'active'`);
    const slow = await insertServiceClient(t.db, t.config.secretsKey, { webhookUrl: `${base}/slow` });
    const fast = await insertServiceClient(t.db, t.config.secretsKey, { webhookUrl: `${base}/fast` });
    plans.set('/slow', ['hang']);
    await event(customers[0]!);
    await event(null, 'funds.remitted');
    const started = Date.now();
    const result = await pass({ timeoutMs: 1_500 });
    expect(result).toMatchObject({ fannedOut: 4, attempted: 4, delivered: 2, retrying: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    const fastTimes = received.filter((r) => r.path === '/fast').map((r) => r.at - started);
    expect(fastTimes).toHaveLength(2);
    for (const ms of fastTimes) expect(ms).toBeLessThan(1_000);
    expect((await deliveries(fast.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect((await deliveries(slow.id)).map((d) => d.last_error)).toEqual([
      'No answer within 1500 ms',
      'No answer within 1500 ms',
    ]);
  });

  it('fans out only to active clients with a URL, of the types they take, from when they exist; a revoked one stops', async () => {
    await q(`UPDATE service_clients SET status = 'revoked', revoked_at = now() WHERE status = 'active'`);
    const before = await event(customers[0]!, 'kyc.approved');
    const kycOnly = await insertServiceClient(t.db, t.config.secretsKey, { webhookUrl: `${base}/kyc-only` });
    await q(`UPDATE service_clients SET event_types = '{kyc.approved}' WHERE id = $1`, [kycOnly.id]);
    const noUrl = await insertServiceClient(t.db, t.config.secretsKey, { webhookUrl: null });
    plans.set('/kyc-only', ['500']);
    const kyc = await event(customers[0]!, 'kyc.approved');
    await event(customers[1]!, 'deposit.credited');
    expect(await pass()).toMatchObject({ fannedOut: 1, attempted: 1, retrying: 1 });
    expect((await deliveries(kycOnly.id)).map((d) => d.event_id)).toEqual([kyc.event_id]);
    expect(await deliveries(noUrl.id)).toEqual([]);
    expect((await deliveries(kycOnly.id)).some((d) => d.event_id === before.event_id)).toBe(false);

    await q(`UPDATE service_clients SET status = 'revoked', revoked_at = now() WHERE id = $1`, [kycOnly.id]);
    expect(await pass()).toMatchObject({ stopped: 1, attempted: 0 });
    expect(await deliveries(kycOnly.id)).toMatchObject([{ status: 'failed', last_error: 'The client is revoked' }]);
    plans.delete('/kyc-only');
  });

  describe('staff routes', () => {
    let c: TestServiceClient;
    const url = (path = '') => `/v1/advanced/integrations/${c.id}/deliveries${path}`;

    it('lists deliveries by status, replays one and all failed ones, audited', async () => {
      c = await client('/staff');
      plans.set('/staff', ['500']);
      await event(customers[0]!);
      await event(null, 'funds.remitted');
      await pass({ retryForMs: 0 });
      plans.set('/staff', ['ok']);
      await event(customers[1]!);
      await pass();

      const all = await t.app.inject({ method: 'GET', url: url(), headers: bearer(tokens.superadmin) });
      expect(all.statusCode).toBe(200);
      const page = all.json().data;
      expect(page.client).toEqual({ id: c.id, name: c.name, status: 'active', webhookUrl: `${base}/staff` });
      expect(page.totalRecords).toBe(3);
      expect(page.records.map((r: { status: string }) => r.status)).toEqual(['delivered', 'failed', 'failed']);
      expect(page.records[1]).toMatchObject({
        eventType: 'funds.remitted',
        customerId: null,
        attempts: 1,
        lastStatusCode: 500,
        nextAttemptAt: null,
      });
      expect(page.records[2]).toMatchObject({ eventType: 'deposit.credited', customerId: customers[0] });

      const failed = await t.app.inject({
        method: 'GET',
        url: url('?status=failed'),
        headers: bearer(tokens.superadmin),
      });
      expect(failed.json().data.totalRecords).toBe(2);
      const bad = await t.app.inject({ method: 'GET', url: url('?status=lost'), headers: bearer(tokens.superadmin) });
      expect(bad.statusCode).toBe(400);

      // One delivered delivery sent again.
      const delivered = page.records[0];
      const one = await t.app.inject({
        method: 'POST',
        url: url(`/${delivered.id}/replay`),
        headers: bearer(tokens.superadmin),
      });
      expect([one.statusCode, one.json().data]).toEqual([200, { replayed: 1 }]);
      const again = await t.app.inject({
        method: 'POST',
        url: url(`/${delivered.id}/replay`),
        headers: bearer(tokens.superadmin),
      });
      expect([again.statusCode, again.json().message]).toEqual([409, 'This delivery is already pending']);
      const missing = await t.app.inject({
        method: 'POST',
        url: url('/999999999/replay'),
        headers: bearer(tokens.superadmin),
      });
      expect(missing.statusCode).toBe(404);

      const many = await t.app.inject({
        method: 'POST',
        url: url('/replay-failed'),
        headers: bearer(tokens.superadmin),
      });
      expect([many.statusCode, many.json().data]).toEqual([200, { replayed: 2 }]);
      expect((await deliveries(c.id)).map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
      // Two a client at once (perClient): two passes send the three.
      expect(await pass()).toMatchObject({ attempted: 2, delivered: 2 });
      expect(await pass()).toMatchObject({ attempted: 1, delivered: 1 });

      const audit = await q<{ action: string; target_id: string }>(
        `SELECT action, target_id FROM audit_log WHERE action LIKE 'webhook.%' ORDER BY id`,
      );
      expect(audit).toEqual([
        { action: 'webhook.replay', target_id: delivered.id },
        { action: 'webhook.replay_failed', target_id: c.id },
      ]);
    });

    it('refuses without a session (401), without integrations.manage (403), and for an unknown client (404)', async () => {
      const none = await t.app.inject({ method: 'GET', url: url() });
      expect(none.statusCode).toBe(401);
      for (const [method, path] of [
        ['GET', ''],
        ['POST', '/replay-failed'],
        ['POST', '/1/replay'],
      ] as const) {
        const res = await t.app.inject({ method, url: url(path), headers: bearer(tokens.compliance) });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
      }
      const unknown = await t.app.inject({
        method: 'GET',
        url: `/v1/advanced/integrations/${randomUUID()}/deliveries`,
        headers: bearer(tokens.superadmin),
      });
      expect(unknown.statusCode).toBe(404);
      const revoked = await q(`UPDATE service_clients SET status = 'revoked' WHERE id = $1`, [c.id]);
      expect(revoked).toBeDefined();
      const refused = await t.app.inject({
        method: 'POST',
        url: url('/replay-failed'),
        headers: bearer(tokens.superadmin),
      });
      expect(refused.statusCode).toBe(409);
    });
  });

  it('serves the events feed after a cursor, of the subscribed types, oldest first, with events.read only', async () => {
    const c = await client('/feed', { eventTypes: ['kyc.approved'], scopes: ['events.read'] });
    const start = (await q<{ max: string }>(`SELECT coalesce(max(id), 0)::text AS max FROM outbox_events`))[0]!.max;
    const a = await event(customers[0]!, 'kyc.approved', { level: 1 });
    await event(customers[0]!, 'deposit.credited');
    const b = await event(customers[1]!, 'kyc.approved', { level: 2 });
    const d = await event(customers[0]!, 'kyc.approved', { level: 3 });

    const first = await productCall(t.app, c, 'GET', `/product/v1/events?after=${start}&limit=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.events.map((e: { id: string }) => e.id)).toEqual([a.event_id, b.event_id]);
    expect(page.events[0]).toEqual({
      id: a.event_id,
      type: 'kyc.approved',
      occurredAt: expect.any(String),
      customerId: customers[0],
      data: { customerId: customers[0], amount: '25.00', token: 'BUSD', level: 1 },
      cursor: Number(a.id),
    });
    expect(page.nextCursor).toBe(Number(b.id));
    const rest = (await productCall(t.app, c, 'GET', `/product/v1/events?after=${page.nextCursor}&limit=2`)).json();
    expect(rest.events.map((e: { id: string }) => e.id)).toEqual([d.event_id]);
    const none = (await productCall(t.app, c, 'GET', `/product/v1/events?after=${rest.nextCursor}`)).json();
    expect(none).toEqual({ events: [], nextCursor: rest.nextCursor });

    expect((await productCall(t.app, c, 'GET', '/product/v1/events?limit=501')).statusCode).toBe(400);
    expect((await productCall(t.app, c, 'GET', '/product/v1/events?after=-1')).statusCode).toBe(400);
    const lacking = await client('/feed2', { scopes: ['customers.read'] });
    expect((await productCall(t.app, lacking, 'GET', '/product/v1/events')).statusCode).toBe(403);
    const staff = await t.app.inject({ method: 'GET', url: '/product/v1/events', headers: bearer(tokens.superadmin) });
    expect(staff.statusCode).toBe(401);
  });
});
