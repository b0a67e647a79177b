import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unsubscribeToken, runExport } from '@vaultdesk/worker';
import { buildApp, maskUrl } from '../app';
import { loadConfig } from '../config/config';
import { exportStoreFor } from '../modules/exports/exports.service';
import {
  bearer,
  createTestApp,
  createTestDb,
  demo,
  DEMO_PASSWORD,
  freshCode,
  sessionFor,
  useTestApp,
} from '../../test/helpers';
import { testEnv } from '../../../../test/test-env';
import { cspProblems, inlineCode } from '../../../../test/browser-security';

/**
 * Browser-side security, as the API can prove it: every HTML answer carries a strict CSP (no
 * inline or eval'd script) and holds no inline script or event handler, and no secret that
 * travels in a URL (setup link, download signature, unsubscribe link) or in a header (the
 * session token) reaches the log. The browser's side (no CSP violation on the screens, the
 * session token in no URL, staff input shown as text) is in e2e/browser-security.spec.ts and
 * e2e/xss.spec.ts.
 */

/** A header that must be a strict policy (test/browser-security.ts says what that is). */
const expectStrictCsp = (header: string | undefined, what: string) => expect(cspProblems(header), what).toEqual([]);

const { t } = useTestApp();

describe('every HTML answer', () => {
  it('carries a CSP with no inline or eval script, and holds no inline script or handler', async () => {
    const subscriber = (
      await t.db.$client.query<{ id: string }>(
        `INSERT INTO newsletter_subscribers (list, email) VALUES ('subscribers', 'csp.reader@example.test') RETURNING id`,
      )
    ).rows[0]!.id;
    const pages = [
      // The web app and its SPA routes (index.html, or the "not built" text when there is no build).
      '/',
      '/login',
      '/users',
      '/users/00000000-0000-0000-0000-000000000000',
      '/newsletter',
      '/confirm-admin/some-token',
      // Swagger UI.
      '/docs',
      '/docs/',
      // The unsubscribe page of the newsletter link.
      `/v1/newsletters/unsubscribe?token=${unsubscribeToken(t.config.secretsKey, subscriber)}`,
    ];
    let html = 0;
    for (const url of pages) {
      const res = await t.app.inject({ method: 'GET', url });
      // The web app's pages are read from a build (npm test builds it first and names it in WEB_DIST_DIR;
      // alone: npm run build:web). Without one they would answer 404 "not built" and prove nothing here.
      expect(
        res.body.startsWith('The web app is not built'),
        `${url}: no build of the web app (npm run build:web)`,
      ).toBe(false);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      expectStrictCsp(res.headers['content-security-policy'] as string | undefined, url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      if (String(res.headers['content-type']).startsWith('text/html')) {
        html++;
        expect(inlineCode(res.body), url).toEqual([]);
      }
    }
    // Every page above is HTML: the six of the web app, Swagger UI's two and the unsubscribe page.
    expect(html).toBe(pages.length);
    // Swagger UI's own scripts are files of the same origin (swagger-initializer.js included).
    const docs = (await t.app.inject({ method: 'GET', url: '/docs/' })).body;
    const scripts = [...docs.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.some((s) => s.endsWith('swagger-initializer.js'))).toBe(true);
    for (const src of scripts) {
      const res = await t.app.inject({ method: 'GET', url: new URL(src, 'http://x/docs/').pathname });
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type'], src).toMatch(/javascript/);
    }
  });

  it("the web app's page template has no inline script (the build adds only script files)", () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const template = readFileSync(path.resolve(here, '../../../web/index.html'), 'utf8');
    expect(template).toMatch(/<script type="module" src="\/src\/main.tsx"><\/script>/);
    expect(inlineCode(template)).toEqual([]);
  });

  it('the checks themselves catch what they look for', () => {
    expect(inlineCode('<script>alert(1)</script>')).toHaveLength(1);
    expect(inlineCode('<script src="/a.js">x()</script>')).toHaveLength(1);
    expect(inlineCode('<img src=x onerror="alert(1)">')).toHaveLength(1);
    expect(inlineCode('<a href="javascript:alert(1)">x</a>')).toHaveLength(1);
    expect(inlineCode('<script type="module" src="/a.js"></script><p>onerror= in text</p>')).toEqual([]);
    const strict =
      "default-src 'self'; script-src 'self'; script-src-attr 'none'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'";
    expect(cspProblems(strict)).toEqual([]);
    expect(cspProblems(strict.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"))).toContain(
      "script-src allows 'unsafe-inline'",
    );
    expect(cspProblems(strict.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"))).toContain(
      "script-src allows 'unsafe-eval'",
    );
    expect(cspProblems(strict.replace("script-src-attr 'none'", ''))).toEqual(['script-src-attr is "", not \'none\'']);
    expect(cspProblems(undefined)).toEqual(['no Content-Security-Policy header']);
  });
});

describe('headers that fit how the app is served (APP_URL)', () => {
  const pages = ['/', '/login', '/docs', '/v1/admin/me', '/nowhere'];

  it('over plain http (any host name): no upgrade-insecure-requests and no HSTS', async () => {
    expect(t.config.appUrl).toMatch(/^http:/);
    for (const url of pages) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'office-server.test:8080' } });
      const csp = res.headers['content-security-policy'] as string;
      expectStrictCsp(csp, url);
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('over https: the CSP upgrades sub-resources and HSTS is sent', async () => {
    const https = await createTestApp({ APP_URL: 'https://vaultdesk.example.com' });
    try {
      expect(https.config.appUrl).toBe('https://vaultdesk.example.com');
      for (const url of pages) {
        const res = await https.app.inject({ method: 'GET', url });
        const csp = res.headers['content-security-policy'] as string;
        expectStrictCsp(csp, url);
        expect(
          csp.split(';').map((d) => d.trim()),
          url,
        ).toContain('upgrade-insecure-requests');
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      }
    } finally {
      await https.close();
    }
  });
});

describe('maskUrl', () => {
  it('masks tokens, codes and signatures in the query, and the setup token in the confirm page path', () => {
    expect(maskUrl('/v1/admin/confirm-super?token=abc')).toBe('/v1/admin/confirm-super?token=[REDACTED]');
    expect(maskUrl('/downloads/x.csv?expires=1&sig=abc-_')).toBe('/downloads/x.csv?expires=1&sig=[REDACTED]');
    expect(maskUrl('/v1/newsletters/1?access_code=a&x=1&SENDER_PIN=b')).toBe(
      '/v1/newsletters/1?access_code=[REDACTED]&x=1&SENDER_PIN=[REDACTED]',
    );
    expect(maskUrl('/confirm-admin/abc_DEF-1?x=1')).toBe('/confirm-admin/[REDACTED]?x=1');
    expect(maskUrl('/users?page=2')).toBe('/users?page=2');
  });
});

describe('logs', () => {
  it('never hold the session token, the setup token, a download signature or an unsubscribe link', async () => {
    const { db, drop } = await createTestDb();
    let log = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        log += String(chunk);
        done();
      },
    });
    const config = loadConfig(testEnv({ LOG_LEVEL: 'info' }));
    const app = await buildApp({ config, db, logger: true, logStream: stream });
    try {
      const remoteAddress = '10.41.0.1';
      const secrets: Record<string, string> = {};
      const login = await app.inject({
        method: 'POST',
        url: '/v1/admin/login',
        remoteAddress,
        payload: {
          email: demo('support').email,
          password: DEMO_PASSWORD,
          code: await freshCode(demo('support').totpSecret!),
        },
      });
      expect(login.statusCode, login.body).toBe(200);
      const token: string = login.json().data.token;
      secrets.session = token;
      const other = await sessionFor(db, demo('compliance').email);
      secrets.otherSession = other;
      const get = (url: string, auth?: string) =>
        app.inject({ method: 'GET', url, remoteAddress, headers: auth ? bearer(auth) : {} });

      // The screens' calls, and the session sent where it does not belong (401s log too).
      expect((await get('/v1/admin/me', token)).statusCode).toBe(200);
      expect((await get('/v1/admin/dashboard', token)).statusCode).toBe(200);
      expect((await get('/v1/admin/users/admin', token)).statusCode).toBe(403);
      expect(
        (
          await app.inject({
            method: 'GET',
            url: '/v1/admin/me',
            remoteAddress,
            headers: { authorization: `Bearer ${token}x` },
          })
        ).statusCode,
      ).toBe(401);

      // An export: its signed link used by its owner, by another staff member, and tampered with.
      const started = await get(
        '/v1/admin/transactions?type=savings&start=2026-01-01&end=2026-01-31&download=true',
        token,
      );
      expect(started.statusCode, started.body).toBe(200);
      const { exportId, link } = started.json().data as { exportId: string; link: string };
      secrets.signature = new URL(link, 'http://x').searchParams.get('sig')!;
      expect(await runExport(db, exportStoreFor(db, config), exportId)).toBe(true);
      expect((await get(link, token)).statusCode).toBe(200);
      expect((await get(link, other)).statusCode).toBe(403);
      expect((await get(link.replace(/expires=\d+/, 'expires=1'), token)).statusCode).toBe(403);
      expect((await get(link)).statusCode).toBe(401);

      // An invitation: the confirm page (the web app, token in the path) and the API call (token in the query).
      const superToken = await sessionFor(db, demo('superadmin').email);
      const {
        rows: [role],
      } = await db.$client.query<{ id: string }>(`SELECT id FROM roles WHERE title = 'Support'`);
      const setup = await app.inject({
        method: 'POST',
        url: '/v1/admin/setup',
        remoteAddress,
        headers: bearer(superToken),
        payload: { fullName: 'Lee Logless', email: 'lee.logless@vaultdesk.test', roleId: role!.id },
      });
      expect(setup.statusCode, setup.body).toBe(200);
      secrets.superSession = superToken;
      secrets.temporaryPassword = setup.json().data.temporaryPassword;
      const {
        rows: [mail],
      } = await db.$client.query<{ text: string }>(
        `SELECT text FROM mail_outbox WHERE "to" = 'lee.logless@vaultdesk.test'`,
      );
      secrets.confirm = /confirm-admin\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      expect((await get(`/confirm-admin/${secrets.confirm}`)).statusCode).toBeLessThan(500);
      expect(
        (await app.inject({ method: 'POST', url: `/v1/admin/confirm-super?token=${secrets.confirm}`, remoteAddress }))
          .statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ method: 'POST', url: `/v1/admin/confirm-super?token=${secrets.confirm}`, remoteAddress }))
          .statusCode,
      ).toBe(400);

      // The unsubscribe link of a newsletter.
      const {
        rows: [sub],
      } = await db.$client.query<{ id: string }>(
        `INSERT INTO newsletter_subscribers (list, email) VALUES ('subscribers', 'log.reader@example.test') RETURNING id`,
      );
      secrets.unsubscribe = unsubscribeToken(config.secretsKey, sub!.id).split('.')[1]!;
      expect(
        (await get(`/v1/newsletters/unsubscribe?token=${unsubscribeToken(config.secretsKey, sub!.id)}`)).statusCode,
      ).toBe(200);

      // Sign-out with the token: the last use of it.
      expect(
        (await app.inject({ method: 'POST', url: '/v1/admin/logout', remoteAddress, headers: bearer(token) }))
          .statusCode,
      ).toBe(200);

      if (process.env.SHOW_LOG) console.log(log);
      const lines = log.trim().split('\n');
      expect(lines.length).toBeGreaterThan(20);
      // The requests are there (masked), so the test would see a secret if one were written.
      expect(log).toContain(`/downloads/${exportId}.csv?expires=`);
      expect(log).toContain('sig=[REDACTED]');
      expect(log).toContain('/confirm-admin/[REDACTED]');
      expect(log).toContain('/v1/admin/confirm-super?token=[REDACTED]');
      expect(log).toContain('/v1/newsletters/unsubscribe?token=[REDACTED]');
      for (const [name, secret] of Object.entries(secrets)) {
        expect(secret.length, name).toBeGreaterThan(8);
        expect(log.includes(secret), `the log holds the ${name}`).toBe(false);
      }
      expect(log).not.toMatch(/Bearer /i);
    } finally {
      await app.close();
      await drop();
    }
  });
});
