import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb, type Db } from '@vaultdesk/db';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import type { App } from './app-types';
import { bearer, createTestDb, demo, insertStaff, sessionFor } from '../../test/helpers';
import { testEnv } from '../../../../test/test-env';

/**
 * Two API instances on one database, as two processes would be: two Fastify apps in this test
 * process, each with its own connection pool, its own session cache and its own listener
 * connection. A change made through B must be refused on A at once, although A answered the
 * same session from its cache a moment before.
 */
type Instance = { app: App; db: Db };
let a: Instance;
let b: Instance;
let drop: () => Promise<void>;
let url = '';
/** Per change made on B: ms from B's answer until A heard of it (negative: before the answer left). */
const deliveries: Array<{ ms: number }> = [];

// A retries slowly, so the test can act while its listener is down.
const RETRY_MS = 1_500;
// How long to wait for a notification that a change made outside the API (plain SQL, no sync round)
// sends at its commit: only a bound for a clear failure, not a measure; it arrives in milliseconds.
const NOTIFICATION_WAIT_MS = 5_000;

beforeAll(async () => {
  const test = await createTestDb();
  drop = test.drop;
  url = test.url;
  const config = loadConfig(testEnv());
  const jobs = { send: async () => null };
  a = {
    db: test.db,
    app: await buildApp({ config, db: test.db, jobs, logger: false, sessionListener: { retryMs: RETRY_MS } }),
  };
  const dbB = createDb(test.url, 5);
  b = { db: dbB, app: await buildApp({ config, db: dbB, jobs, logger: false }) };
});

afterAll(async () => {
  await b?.app.close();
  if (b) await closeDb(b.db);
  await a?.app.close();
  await drop?.();
  // Delivery of the notification to A, measured from the moment B's answer arrived (negative: before).
  if (deliveries.length) {
    const ms = deliveries.map((d) => d.ms).sort((x, y) => x - y);
    const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(2);
    console.log(
      `[revocation] ${deliveries.length} changes on B, each refused on A by A's first call; ` +
        `notification on A relative to B's answer, ms: median ${q(0.5)}, p95 ${q(0.95)}, max ${q(1)}`,
    );
  }
});

const call = (i: Instance, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  i.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const me = (i: Instance, token: string) => call(i, 'GET', '/v1/admin/me', token);

/**
 * Makes the change through B, then asks A once: the answer must be `expected` at A's first call.
 * A change made through B's API is answered only once every listener has acknowledged it
 * (session-listener.ts sync), so A has heard of it, and emptied its cache, before B's answer
 * leaves. A change made outside the API (`synced: false`: SQL by hand) has no such round: A is
 * asked once its notification has arrived. Records when A heard it, relative to B's answer.
 */
async function changeOnBThenAskA(
  change: () => Promise<{ statusCode: number }>,
  askA: () => Promise<{ statusCode: number }>,
  expected: number,
  { synced = true } = {},
) {
  let notifiedAt = 0;
  const notified = a.app.sessionListener.nextNotification().then(() => {
    notifiedAt = performance.now();
  });
  const res = await change();
  const answeredAt = performance.now();
  expect(res.statusCode).toBe(200);
  if (synced) {
    expect(notifiedAt, "A heard of the change before B's answer left").toBeGreaterThan(0);
    expect(notifiedAt).toBeLessThanOrEqual(answeredAt);
  } else {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      notified,
      new Promise((r) => {
        timer = setTimeout(r, NOTIFICATION_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    expect(notifiedAt, 'A received the change notification').toBeGreaterThan(0);
  }
  expect((await askA()).statusCode, "A's first call after the change").toBe(expected);
  deliveries.push({ ms: notifiedAt - answeredAt });
}

async function roleId(title: string) {
  const { rows } = await a.db.$client.query<{ id: string }>('SELECT id FROM roles WHERE title = $1', [title]);
  return rows[0]!.id;
}
async function staffId(email: string) {
  const { rows } = await a.db.$client.query<{ id: string }>('SELECT id FROM staff WHERE email = $1', [email]);
  return rows[0]!.id;
}

describe('immediate revocation across two instances (LISTEN/NOTIFY)', () => {
  it('both instances listen from the start, and A serves a session from its cache', async () => {
    expect(a.app.sessionListener.listening()).toBe(true);
    expect(b.app.sessionListener.listening()).toBe(true);
    expect(a.app.sessionListener.pid()).not.toBe(b.app.sessionListener.pid());
    const token = await sessionFor(a.db, demo('support').email);
    expect((await me(a, token)).statusCode).toBe(200);
    expect(a.app.sessionCache.size()).toBe(1);
    // Changed behind the cache's back without a notification would still be served: the cache is in use.
    expect((await me(a, token)).statusCode).toBe(200);
  });

  it('sign-out on B: the same session is refused on A at once', async () => {
    const token = await sessionFor(a.db, demo('support').email);
    expect((await me(a, token)).statusCode).toBe(200);
    expect((await me(a, token)).statusCode).toBe(200); // from A's cache now
    await changeOnBThenAskA(
      () => call(b, 'POST', '/v1/admin/logout', token),
      () => me(a, token),
      401,
    );
    const { rows } = await a.db.$client.query(
      'SELECT revoked_at FROM staff_sessions WHERE staff_id = $1 AND revoked_at IS NOT NULL',
      [await staffId(demo('support').email)],
    );
    expect(rows.length).toBeGreaterThan(0);
  });

  it('removal on B: the removed admin is refused on A at once', async () => {
    const email = 'removed-across@vaultdesk.test';
    await insertStaff(a.db, email, 'Removed Across', 'Compliance');
    const token = await sessionFor(a.db, email);
    const superToken = await sessionFor(b.db, demo('superadmin').email);
    expect((await call(a, 'GET', '/v1/admin/users/admin', token)).statusCode).toBe(200);
    expect((await call(a, 'GET', '/v1/admin/users/admin', token)).statusCode).toBe(200);
    const id = await staffId(email);
    await changeOnBThenAskA(
      () => call(b, 'DELETE', `/v1/admin/users/admin/${id}`, superToken),
      () => call(a, 'GET', '/v1/admin/users/admin', token),
      401,
    );
    const { rows } = await a.db.$client.query('SELECT status FROM staff WHERE id = $1', [id]);
    expect(rows[0].status).toBe('removed');
  });

  it("role change on B: a demoted admin's privileged call on A is 403 at once, the own profile still 200", async () => {
    const email = 'demoted-across@vaultdesk.test';
    await insertStaff(a.db, email, 'Demoted Across', 'Compliance');
    const token = await sessionFor(a.db, email);
    const superToken = await sessionFor(b.db, demo('superadmin').email);
    expect((await call(a, 'GET', '/v1/admin/users/admin', token)).statusCode).toBe(200);
    expect((await call(a, 'GET', '/v1/admin/users/admin', token)).statusCode).toBe(200);
    const id = await staffId(email);
    const support = await roleId('Support');
    await changeOnBThenAskA(
      () => call(b, 'PATCH', `/v1/admin/users/admin/${id}/role`, superToken, { roleId: support }),
      () => call(a, 'GET', '/v1/admin/users/admin', token),
      403,
    );
    expect((await me(a, token)).json().data).toMatchObject({ user: { email }, authRole: { slug: 'support' } });
  });

  it('a change by hand in SQL (no API call at all) reaches A as well', async () => {
    const email = 'disabled-by-hand@vaultdesk.test';
    await insertStaff(a.db, email, 'Disabled By Hand', 'Support');
    const token = await sessionFor(a.db, email);
    expect((await me(a, token)).statusCode).toBe(200);
    expect(a.app.sessionCache.size()).toBeGreaterThan(0);
    await changeOnBThenAskA(
      async () => {
        await b.db.$client.query(`UPDATE staff SET status = 'disabled' WHERE email = $1`, [email]);
        return { statusCode: 200 };
      },
      () => me(a, token),
      401,
      { synced: false },
    );
  });

  it('50 sign-outs on B in a row: each refused on A at once (delivery recorded)', async () => {
    for (let i = 0; i < 50; i++) {
      const token = await sessionFor(a.db, demo('support').email);
      expect((await me(a, token)).statusCode).toBe(200);
      expect((await me(a, token)).statusCode).toBe(200);
      await changeOnBThenAskA(
        () => call(b, 'POST', '/v1/admin/logout', token),
        () => me(a, token),
        401,
      );
    }
  });

  it('a rolled-back change sends nothing: A keeps its cache', async () => {
    const token = await sessionFor(a.db, demo('compliance').email);
    expect((await me(a, token)).statusCode).toBe(200);
    const before = a.app.sessionListener.received();
    const c = await b.db.$client.connect();
    try {
      await c.query('BEGIN');
      await c.query(`UPDATE staff SET status = 'disabled' WHERE email = $1`, [demo('compliance').email]);
      await c.query('ROLLBACK');
    } finally {
      c.release();
    }
    // A notification that did arrive would come right after: a round trip on B's pool gives it time.
    await b.db.$client.query('SELECT pg_sleep(0.05)');
    expect(a.app.sessionListener.received()).toBe(before);
    expect(a.app.sessionCache.size()).toBeGreaterThan(0);
    expect((await me(a, token)).statusCode).toBe(200);
  });

  it('a dropped listener connection: A bypasses its cache until it listens again, then caches and hears changes again', async () => {
    const email = 'deaf-window@vaultdesk.test';
    await insertStaff(a.db, email, 'Deaf Window', 'Compliance');
    const token = await sessionFor(a.db, email);
    expect((await me(a, token)).statusCode).toBe(200);
    expect(a.app.sessionCache.size()).toBeGreaterThan(0);

    const pid = a.app.sessionListener.pid();
    expect(pid).toBeTruthy();
    await b.db.$client.query('SELECT pg_terminate_backend($1)', [pid]);
    const droppedAt = performance.now();
    while (a.app.sessionListener.listening() && performance.now() - droppedAt < 2_000)
      await new Promise((r) => setTimeout(r, 5));
    expect(a.app.sessionListener.listening()).toBe(false);

    // While deaf: a notification sent now is lost, so nothing may come from the cache.
    expect((await call(a, 'GET', '/v1/admin/users/admin', token)).statusCode).toBe(200);
    expect((await call(a, 'GET', '/v1/admin/users/admin', token)).statusCode).toBe(200);
    await b.db.$client.query(
      `UPDATE staff SET role_id = (SELECT id FROM roles WHERE title = 'Support') WHERE email = $1`,
      [email],
    );
    expect(a.app.sessionListener.listening(), 'still not listening: the answer below comes from PostgreSQL').toBe(
      false,
    );
    expect((await call(a, 'GET', '/v1/admin/users/admin', token)).statusCode).toBe(403);
    await b.db.$client.query(`UPDATE staff SET status = 'disabled' WHERE email = $1`, [email]);
    expect((await me(a, token)).statusCode).toBe(401);
    expect(a.app.sessionListener.listening()).toBe(false);
    expect(a.app.sessionCache.bypassed()).toBe(true);
    expect(a.app.sessionCache.size(), 'nothing is kept while not listening').toBe(0);

    // Listening again (after RETRY_MS): the cache is used again and changes on B reach A again.
    await a.app.sessionListener.whenListening();
    const reconnectMs = performance.now() - droppedAt;
    expect(reconnectMs).toBeGreaterThanOrEqual(RETRY_MS - 50);
    expect(a.app.sessionListener.pid()).not.toBe(pid);
    expect(a.app.sessionCache.bypassed()).toBe(false);
    const again = await sessionFor(a.db, demo('support').email);
    expect((await me(a, again)).statusCode).toBe(200);
    expect(a.app.sessionCache.size()).toBe(1);
    await changeOnBThenAskA(
      () => call(b, 'POST', '/v1/admin/logout', again),
      () => me(a, again),
      401,
    );
  });

  it('a change waits for every listener: a sync round is acknowledged by both instances', async () => {
    expect(await b.app.sessionListener.sync()).toEqual({ waitedFor: 2, acknowledged: 2, timedOut: false });
    expect(await a.app.sessionListener.sync()).toEqual({ waitedFor: 2, acknowledged: 2, timedOut: false });
  });

  it("an instance that never acknowledges holds a change's answer for the sync timeout (1 s) only, then the answer leaves", async () => {
    // A listener that reads nothing: as a stalled instance would be.
    const mute = new pg.Client({ connectionString: url, application_name: 'vaultdesk-session-listener' });
    await mute.connect();
    await mute.query('LISTEN staff_session_change');
    const mutePid = (await mute.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    try {
      // The round waits for the three listeners it sees, hears two, and gives up at its timeout.
      expect(await b.app.sessionListener.sync()).toEqual({ waitedFor: 3, acknowledged: 2, timedOut: true });
      const token = await sessionFor(a.db, demo('support').email);
      const started = performance.now();
      const res = await call(b, 'POST', '/v1/admin/logout', token);
      // The answer waited for the timeout (a lower bound: a loaded machine only makes it longer).
      expect(performance.now() - started).toBeGreaterThanOrEqual(950);
      expect(res.statusCode).toBe(200);
      // The live instance had acknowledged: refused on A at once all the same.
      expect((await me(a, token)).statusCode).toBe(401);
    } finally {
      await mute.end();
    }
    // Gone (once PostgreSQL no longer lists its connection), it is waited for no longer.
    while ((await b.db.$client.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [mutePid])).rowCount)
      await new Promise((r) => setTimeout(r, 10));
    expect(await b.app.sessionListener.sync()).toEqual({ waitedFor: 2, acknowledged: 2, timedOut: false });
    const token = await sessionFor(a.db, demo('support').email);
    expect((await call(b, 'POST', '/v1/admin/logout', token)).statusCode).toBe(200);
    expect((await me(a, token)).statusCode).toBe(401);
  });
});
