import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { securityHeaders } from './security-headers';
import {
  bearer,
  createTestApp,
  createTestDb,
  demo,
  DEMO_PASSWORD,
  freshCode,
  sessionFor,
  type TestApp,
  useTestApp,
} from '../../test/helpers';
import { testEnv } from '../../../../test/test-env';

const { t } = useTestApp();

describe('health and docs', () => {
  it('answers /healthz and /readyz without a session', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('serves an OpenAPI document of the /v1 routes at /docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Vaultdesk admin API');
    expect(doc.paths['/v1/admin/login'].post).toBeDefined();
    expect(doc.paths['/v1/admin/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
    expect(doc.paths['/v1/admin/dashboard'].get).toBeDefined();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths)).not.toContain('/healthz');
  });
});

describe('security headers', () => {
  it('are on answers of every kind: health, API success, API error, not found', async () => {
    const token = await sessionFor(t.db, demo('support').email);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'GET', url: '/v1/admin/dashboard', headers: bearer(token) }),
      await t.app.inject({ method: 'GET', url: '/v1/admin/dashboard' }),
      await t.app.inject({ method: 'GET', url: '/v1/nothing-here' }),
    ];
    for (const res of answers) {
      expect(res.headers['x-content-type-options'], res.raw.req.url).toBe('nosniff');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'] ?? '', res.raw.req.url).toMatch(/SAMEORIGIN|DENY/);
      expect(csp).toMatch(/frame-ancestors '(self|none)'/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('security headers, worked out once', () => {
  it("are helmet's whole set for the given policy, the same object for every answer", () => {
    const headers = securityHeaders({ contentSecurityPolicy: { directives: { connectSrc: ["'self'", 'https:'] } } });
    expect(headers['content-security-policy']).toContain("connect-src 'self' https:");
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(Object.isFrozen(headers)).toBe(true);
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } })).toThrow(/self/);
  });
});

describe('errors', () => {
  it('answers an unknown /v1 route with 404 JSON { message, code }', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nope'],
      ['POST', '/v1/admin/nope?x=1'],
      ['DELETE', '/v1/admin/login'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: `No route ${method} ${url.split('?')[0]}`, code: 'NOT_FOUND' });
    }
  });

  it('answers 4xx, not 500, for an unsupported content type or an oversized body', async () => {
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('BAD_REQUEST');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('BAD_REQUEST');
  });
});

describe('maintenance mode', () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp({ MAINTENANCE: 'true' });
  });
  afterAll(async () => {
    await m?.close();
  });

  it('answers every /v1 call with 503 while /healthz stays up', async () => {
    const token = await sessionFor(m.db, demo('superadmin').email);
    const dashboard = await m.app.inject({ method: 'GET', url: '/v1/admin/dashboard', headers: bearer(token) });
    expect(dashboard.statusCode).toBe(503);
    expect(dashboard.json()).toEqual({ message: 'Server Maintenance Ongoing', code: 'MAINTENANCE' });
    const anonymous = await m.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      payload: { email: demo('superadmin').email, password: DEMO_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(503);
    const { rows } = await m.db.$client.query(`SELECT count(*)::int AS n FROM login_attempts`);
    expect(rows[0].n).toBe(0); // refused before anything ran
    expect((await m.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await m.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never contain the password, the bearer token, the TOTP code or the confirm token', async () => {
    const { db, drop } = await createTestDb();
    let log = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        log += String(chunk);
        done();
      },
    });
    const app = await buildApp({
      config: loadConfig(testEnv({ LOG_LEVEL: 'info' })),
      db,
      logger: true,
      logStream: stream,
    });
    try {
      const remoteAddress = '10.40.0.1';
      const secrets: string[] = [DEMO_PASSWORD];
      const code = await freshCode(demo('superadmin').totpSecret!);
      secrets.push(code);
      const login = await app.inject({
        method: 'POST',
        url: '/v1/admin/login',
        remoteAddress,
        payload: { email: demo('superadmin').email, password: DEMO_PASSWORD, code },
      });
      expect(login.statusCode).toBe(200);
      const token: string = login.json().data.token;
      secrets.push(token);

      expect(
        (await app.inject({ method: 'GET', url: '/v1/admin/me', remoteAddress, headers: bearer(token) })).statusCode,
      ).toBe(200);
      const {
        rows: [role],
      } = await db.$client.query(`SELECT id FROM roles WHERE title = 'Support'`);
      const setup = await app.inject({
        method: 'POST',
        url: '/v1/admin/setup',
        remoteAddress,
        headers: bearer(token),
        payload: { fullName: 'Logan Log', email: 'logan.log@vaultdesk.test', roleId: role.id },
      });
      expect(setup.statusCode).toBe(200);
      secrets.push(setup.json().data.temporaryPassword);
      const {
        rows: [mail],
      } = await db.$client.query(`SELECT text FROM mail_outbox WHERE "to" = 'logan.log@vaultdesk.test'`);
      const confirmToken = /confirm-admin\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      secrets.push(confirmToken);
      const confirm = await app.inject({
        method: 'POST',
        url: `/v1/admin/confirm-super?token=${confirmToken}`,
        remoteAddress,
      });
      expect(confirm.statusCode).toBe(200);

      // Failures log too: a wrong code, a reused link, a token in the query of an unknown route,
      // a body that is not JSON.
      const wrongCode = await app.inject({
        method: 'POST',
        url: '/v1/admin/login',
        remoteAddress: '10.40.0.2',
        payload: { email: demo('compliance').email, password: DEMO_PASSWORD, code: '123456' },
      });
      expect(wrongCode.statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'POST', url: `/v1/admin/confirm-super?token=${confirmToken}`, remoteAddress }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: `/v1/nope?TOKEN=${confirmToken}&x=1`,
            remoteAddress,
            headers: bearer(token),
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/v1/admin/login',
            remoteAddress,
            headers: { 'content-type': 'application/json' },
            payload: `{"password":"${DEMO_PASSWORD}"`,
          })
        ).statusCode,
      ).toBe(400);

      if (process.env.SHOW_LOG) console.log(log);
      const lines = log.trim().split('\n');
      expect(lines.length).toBeGreaterThan(10);
      // Times and durations are left out: their digits could look like a 6-digit code by chance.
      const text = lines
        .map((line) => {
          const {
            time: _time,
            responseTime: _responseTime,
            pid: _pid,
            ...rest
          } = JSON.parse(line) as Record<string, unknown>;
          return JSON.stringify(rest);
        })
        .join('\n');
      expect(text).toContain('/v1/admin/confirm-super?token=[REDACTED]');
      expect(text).toContain('"ip":"10.40.0.1"');
      for (const secret of secrets) expect(text.includes(secret), `log contains ${secret.slice(0, 4)}...`).toBe(false);
      expect(text).not.toContain('123456');
      expect(text).not.toMatch(/Bearer /i);
    } finally {
      await app.close();
      await drop();
    }
  });
});
