import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, SYSTEM_ROLES } from '@vaultdesk/contract';
import { bearer, createTestApp, demo, insertStaff, sessionFor, type TestApp } from '../../test/helpers';
import { registerAuth } from './auth';
import { createFileStore } from '../files/file-store';
import { localObjectStore } from '../files/local-object-store';
import { hashToken } from '../credentials/credentials';
import type { RouteEntry } from './route-table';

/**
 * The access matrix is generated from the routes the app registered (`app.routeTable`), so a
 * route added tomorrow is covered without touching this file.
 */
let t: TestApp;
let routes: RouteEntry[];
/** One active, two-factor account per system role: role title -> email and the role's permissions. */
const staffByRole = new Map<string, { email: string; permissions: string[] }>();

beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routeTable;
  const { rows: roles } = await t.db.$client.query<{ id: string; title: string; permissions: string[] }>(
    'SELECT id, title, permissions FROM roles WHERE is_system ORDER BY title',
  );
  for (const role of roles) {
    const { rows } = await t.db.$client.query<{ email: string }>(
      `SELECT email FROM staff WHERE role_id = $1 AND status = 'active' AND totp_enabled ORDER BY email LIMIT 1`,
      [role.id],
    );
    let email = rows[0]?.email;
    if (!email) {
      // The demo KYC Reviewer (newstaff) has yet to enable 2FA: a dedicated account stands in.
      email = `matrix-${role.title.toLowerCase().replace(/\W+/g, '-')}@vaultdesk.test`;
      await insertStaff(t.db, email, `Matrix ${role.title}`, role.title);
    }
    staffByRole.set(role.title, { email, permissions: role.permissions });
  }
});
afterAll(async () => {
  await t?.close();
});

/** A route as a request: its path (ids filled in) plus the query of one of its access cases. */
type Case = RouteEntry & { query: string; permission: string };
/** Each route once, and once more with the query value its `when` names, under that permission. */
const casesOf = (route: RouteEntry): Case[] => [
  { ...route, query: '', permission: route.access.permission },
  ...(route.access.when
    ? [
        {
          ...route,
          query: `?${route.access.when.query}=${route.access.when.equals}`,
          permission: route.access.when.permission,
        },
      ]
    : []),
];
const urlOf = (route: RouteEntry & { query?: string }) =>
  route.url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()) + (route.query ?? '');
const call = (route: RouteEntry & { query?: string }, token?: string) =>
  t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route),
    headers: token ? bearer(token) : {},
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    remoteAddress: '10.9.0.1',
  });
const label = (route: RouteEntry & { query?: string }) => `${route.method} ${route.url}${route.query ?? ''}`;

describe('route table', () => {
  it('holds every /v1 route the OpenAPI document lists, each with a known permission', async () => {
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      expect(route.url.startsWith('/v1/'), label(route)).toBe(true);
      expect([...Object.keys(PERMISSIONS), 'public'], label(route)).toContain(route.access.permission);
      if (route.access.when) expect(Object.keys(PERMISSIONS), label(route)).toContain(route.access.when.permission);
    }
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/v1/'))
      .flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => m !== 'head')
          .map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
      );
    expect(routes.map(label).sort()).toEqual(documented.sort());
  });

  it('has a staff session for each of the four system roles', () => {
    expect([...staffByRole.keys()].sort()).toEqual(SYSTEM_ROLES.map((r) => r.title).sort());
  });
});

describe('without a session', () => {
  it('answers 401 on every route that is not public', async () => {
    for (const route of routes) {
      const res = await call(route);
      if (route.access.permission === 'public') {
        expect(res.statusCode, label(route)).not.toBe(401);
        expect(res.statusCode, label(route)).not.toBe(403);
        expect(res.statusCode, label(route)).toBeLessThan(500);
      } else {
        expect(res.statusCode, label(route)).toBe(401);
        expect(res.json().code, label(route)).toBe('UNAUTHENTICATED');
      }
    }
  });

  it('answers 401 for a malformed or unknown bearer token', async () => {
    const route = routes.find((r) => r.access.permission !== 'public')!;
    for (const authorization of ['Bearer nope', `Bearer ${'a'.repeat(43)}`, 'Basic dXNlcjpwYXNz']) {
      const res = await t.app.inject({ method: route.method as 'GET', url: urlOf(route), headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });
});

describe('a session that has ended', () => {
  it('answers 401 on every route that is not public once expired, revoked, or its account disabled', async () => {
    const email = 'matrix-ended@vaultdesk.test';
    await insertStaff(t.db, email, 'Ended Sessions', 'Super Admin');
    const expired = await sessionFor(t.db, email);
    const revoked = await sessionFor(t.db, email);
    const disabled = await sessionFor(t.db, email);
    await t.db.$client.query(
      `UPDATE staff_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [hashToken(expired)],
    );
    await t.db.$client.query(`UPDATE staff_sessions SET revoked_at = now() WHERE token_hash = $1`, [
      hashToken(revoked),
    ]);
    for (const [name, token] of [
      ['expired', expired],
      ['revoked', revoked],
    ] as const) {
      for (const route of routes.filter((r) => r.access.permission !== 'public')) {
        expect((await call(route, token)).statusCode, `${name} ${label(route)}`).toBe(401);
      }
    }
    expect(
      (
        await call(
          routes.find((r) => r.url === '/v1/admin/me')!,
          disabled,
        )
      ).statusCode,
    ).toBe(200);
    // Disabled by hand in SQL, outside the API: the change's notification (sent at its commit)
    // empties this process's session cache (session-revocation.test.ts measures how soon).
    const heard = t.app.sessionListener.nextNotification();
    await t.db.$client.query(`UPDATE staff SET status = 'disabled' WHERE email = $1`, [email]);
    await heard;
    for (const route of routes.filter((r) => r.access.permission !== 'public')) {
      expect((await call(route, disabled)).statusCode, `disabled ${label(route)}`).toBe(401);
    }
  });
});

describe('each system role', () => {
  for (const role of SYSTEM_ROLES) {
    it(`${role.title}: 403 without the route's permission, through the guard with it`, async () => {
      const account = staffByRole.get(role.title)!;
      for (const route of routes.flatMap(casesOf)) {
        if (route.permission === 'public') continue;
        // A fresh session per call: sign-out revokes the one it is called with.
        const res = await call(route, await sessionFor(t.db, account.email));
        if (account.permissions.includes(route.permission)) {
          expect(res.statusCode, `${role.title} ${label(route)}: ${res.body}`).not.toBe(401);
          expect(res.statusCode, `${role.title} ${label(route)}: ${res.body}`).not.toBe(403);
          expect(res.statusCode, `${role.title} ${label(route)}: ${res.body}`).toBeLessThan(500);
        } else {
          expect(res.statusCode, `${role.title} ${label(route)}: ${res.body}`).toBe(403);
          expect(res.json()).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
        }
      }
    });
  }

  it('the permissions in the database are those of the catalogue for each system role', () => {
    for (const role of SYSTEM_ROLES)
      expect(staffByRole.get(role.title)!.permissions.sort()).toEqual([...role.permissions].sort());
  });
});

/**
 * Privileges a handler decides itself, past the route's own permission: what the guard cannot
 * see because it depends on the record or a value in the body. Each is listed here with the
 * permission it needs, and the first test fails when a permission of the catalogue is enforced
 * nowhere but inside a handler without being listed (the object rules: reliability/object-access.test.ts).
 */
const IN_HANDLER: Record<string, string> = {
  'users.devices': 'GET /v1/admin/search-details and GET /v1/admin/finder leave out device and IP details without it',
  'withdrawals.review':
    'PUT /v1/admin/withdrawal-request-update to Review (8), Processing (5) or Retry (6) needs it beside the route permission',
};
const here = path.dirname(fileURLToPath(import.meta.url));
const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourcesUnder(path.join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [path.join(dir, e.name)]
        : [],
  );

describe('privileges decided inside a handler', () => {
  it('are the catalogue permissions no route declares, each listed and checked below', () => {
    const declared = new Set<string>(
      routes.flatMap((r) => [r.access.permission, ...(r.access.when ? [r.access.when.permission] : [])]),
    );
    const undeclared = Object.keys(PERMISSIONS)
      .filter((p) => !declared.has(p))
      .sort();
    expect(undeclared).toEqual(Object.keys(IN_HANDLER).sort());
    // And every permission a handler or a state machine checks by name is one of the two kinds.
    const code = [
      ...sourcesUnder(path.resolve(here, '../modules')),
      ...sourcesUnder(path.resolve(here, '../../../../packages/contract/src')),
    ]
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const named = new Set(
      [...code.matchAll(/permissions\.includes\('([\w.]+)'\)|permission: '([\w.]+)'/g)].map((m) => m[1] ?? m[2]!),
    );
    for (const p of named) expect(declared.has(p) || p in IN_HANDLER, p).toBe(true);
    expect(named.has('users.devices') && named.has('withdrawals.review')).toBe(true);
  });

  it('download=true (a CSV export of the list) asks the permission of the list itself, on every route that takes it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const exporting = routes.filter(
      (r) =>
        r.method === 'GET' &&
        doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.get?.parameters?.some(
          (p) => p.in === 'query' && p.name === 'download',
        ),
    );
    expect(exporting.length).toBeGreaterThanOrEqual(8);
    for (const route of exporting) expect(route.access.when, label(route)).toBeUndefined();
    for (const role of SYSTEM_ROLES) {
      const account = staffByRole.get(role.title)!;
      for (const route of exporting) {
        const res = await call({ ...route, query: '?download=true&page=0' }, await sessionFor(t.db, account.email));
        if (account.permissions.includes(route.access.permission)) {
          // Through the guard: an export starts, or a list that pages refuses page=0 (400).
          expect([200, 400], `${role.title} ${label(route)}: ${res.body}`).toContain(res.statusCode);
          if (res.statusCode === 200) expect(res.json().message).toBe('Export started');
        } else {
          expect(res.statusCode, `${role.title} ${label(route)}: ${res.body}`).toBe(403);
        }
      }
    }
  });

  it('device and IP details: in the profile and the activity search only for roles holding users.devices', async () => {
    const [user] = (
      await t.db.$client.query<{ id: string; email: string }>(
        `INSERT INTO users (full_name, username, email, referral_code, last_login_at, last_login_location, registration_device_details)
       VALUES ('Matrix Devices', 'matrixdevices', 'matrix.devices@example.test', 'MATRIXDEV', now(),
               '{"deviceType":"android","userDevice":"Pixel 8","cfIpCountry":"NG","xRealIp":"102.89.1.1"}', '{"serial":"matrix-serial"}')
       RETURNING id, email`,
      )
    ).rows;
    for (const role of SYSTEM_ROLES) {
      const account = staffByRole.get(role.title)!;
      const token = await sessionFor(t.db, account.email);
      const sees = account.permissions.includes('users.devices');
      const profile = await t.app.inject({
        method: 'GET',
        url: `/v1/admin/search-details?id=${user!.id}`,
        headers: bearer(token),
      });
      expect(profile.statusCode, `${role.title}: ${profile.body}`).toBe(200);
      expect(profile.body.includes('matrix-serial'), role.title).toBe(sees);
      expect(profile.body.includes('102.89.1.1'), role.title).toBe(sees);
      const found = await t.app.inject({
        method: 'GET',
        url: `/v1/admin/finder?email=${encodeURIComponent(user!.email)}`,
        headers: bearer(token),
      });
      expect(found.statusCode, `${role.title}: ${found.body}`).toBe(200);
      expect(found.json().data.signIns[0], role.title).toMatchObject(
        sees ? { country: 'NG', device: 'android · Pixel 8' } : { country: null, device: null },
      );
    }
  });

  it('withdrawal-out Review, Processing and Retry: only roles holding withdrawals.review', async () => {
    const [request] = (
      await t.db.$client.query<{ id: string }>(
        `WITH u AS (INSERT INTO users (full_name, username, email, referral_code) VALUES ('Matrix Payout', 'matrixpayout', 'matrix.payout@example.test', 'MATRIXPAY') RETURNING id),
            w AS (INSERT INTO wallets (user_id, name, address) SELECT id, 'Main', '0x${'d'.repeat(40)}' FROM u RETURNING id, user_id)
       INSERT INTO withdrawal_requests (user_id, wallet_id, currency, amount, fee, final_amount, former_balance, balance, status, destination_address)
       SELECT user_id, id, 1, 40, 1, 39, 140, 100, 0, '0x${'c'.repeat(40)}' FROM w RETURNING id`,
      )
    ).rows;
    for (const role of SYSTEM_ROLES) {
      const account = staffByRole.get(role.title)!;
      for (const status of [8, 5, 6]) {
        await t.db.$client.query(`UPDATE withdrawal_requests SET status = 0 WHERE id = $1`, [request!.id]);
        const res = await t.app.inject({
          method: 'PUT',
          url: '/v1/admin/withdrawal-request-update',
          headers: bearer(await sessionFor(t.db, account.email)),
          payload: { requestId: request!.id, status },
        });
        const after = (
          await t.db.$client.query<{ status: number }>(`SELECT status FROM withdrawal_requests WHERE id = $1`, [
            request!.id,
          ])
        ).rows[0]!.status;
        if (account.permissions.includes('withdrawals.review')) {
          expect(res.statusCode, `${role.title} -> ${status}: ${res.body}`).toBe(200);
          expect(after).toBe(status);
        } else {
          expect(res.statusCode, `${role.title} -> ${status}: ${res.body}`).toBe(403);
          expect(res.json().message, role.title).toMatch(
            account.permissions.includes('withdrawals.manage') ? /by your role$/ : /^You do not have permission/,
          );
          expect(after).toBe(0);
        }
      }
    }
  });

  it("the file gateway: a stored file only for roles holding the file's permission", async () => {
    const files = createFileStore(t.db, localObjectStore(path.join(t.config.dataDir, 'files')));
    for (const permission of ['exports.audit', 'kyc.read', 'agents.manage', 'audit.read'] as const) {
      const stored = await files.put(Buffer.from(`matrix file for ${permission}`), {
        contentType: 'text/plain',
        permission,
      });
      for (const role of SYSTEM_ROLES) {
        const account = staffByRole.get(role.title)!;
        const res = await t.app.inject({
          method: 'GET',
          url: `/v1/ipfs/${stored.cid}`,
          headers: bearer(await sessionFor(t.db, account.email)),
        });
        if (account.permissions.includes(permission)) expect(res.statusCode, `${role.title} ${permission}`).toBe(200);
        else {
          expect(res.statusCode, `${role.title} ${permission}`).toBe(403);
          expect(res.json().message).toBe('Your role may not open this file');
        }
      }
    }
  });
});

describe('a session that has not passed two-factor', () => {
  it('gets 403 on every route not marked allowWithout2FA, and through the guard on the others', async () => {
    const email = demo('superadmin').email;
    for (const route of routes) {
      if (route.access.permission === 'public') continue;
      const res = await call(route, await sessionFor(t.db, email, { twoFactorPassed: false }));
      if (route.access.allowWithout2FA) {
        expect(res.statusCode, `${label(route)}: ${res.body}`).not.toBe(401);
        expect(res.statusCode, `${label(route)}: ${res.body}`).not.toBe(403);
      } else {
        expect(res.statusCode, `${label(route)}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe('Enable two-factor authentication to continue');
      }
    }
  });
});

describe('a session that must change its password', () => {
  it('gets 403 on every route not marked allowWithPasswordChange or allowWithout2FA', async () => {
    const email = 'matrix-must-change@vaultdesk.test';
    await t.db.$client.query(
      `INSERT INTO staff (email, full_name, password_hash, role_id, status, totp_enabled, must_change_password)
       SELECT $1, 'Must Change', 'x', id, 'active', true, true FROM roles WHERE title = 'Super Admin'`,
      [email],
    );
    for (const route of routes) {
      if (route.access.permission === 'public') continue;
      const res = await call(route, await sessionFor(t.db, email));
      if (route.access.allowWithPasswordChange || route.access.allowWithout2FA) {
        expect(res.statusCode, `${label(route)}: ${res.body}`).not.toBe(401);
        expect(res.statusCode, `${label(route)}: ${res.body}`).not.toBe(403);
      } else {
        expect(res.statusCode, `${label(route)}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe('Change your password to continue');
      }
    }
  });
});

describe('a session whose role requires a passkey it did not sign in with', () => {
  it('gets 403 on every route not marked allowWithPasskeySetup or allowWithout2FA', async () => {
    const email = 'matrix-passkey-setup@vaultdesk.test';
    await t.db.$client.query(
      `WITH r AS (INSERT INTO roles (slug, title, permissions, require_passkey)
                  SELECT 'matrix-passkeys', 'Matrix Passkeys', permissions, true FROM roles WHERE title = 'Super Admin' RETURNING id)
       INSERT INTO staff (email, full_name, password_hash, role_id, status, totp_enabled) SELECT $1, 'Passkey Setup', 'x', id, 'active', true FROM r`,
      [email],
    );
    for (const route of routes) {
      if (route.access.permission === 'public') continue;
      const res = await call(route, await sessionFor(t.db, email));
      if (route.access.allowWithPasskeySetup || route.access.allowWithout2FA) {
        expect(res.statusCode, `${label(route)}: ${res.body}`).not.toBe(401);
        expect(res.statusCode, `${label(route)}: ${res.body}`).not.toBe(403);
      } else {
        expect(res.statusCode, `${label(route)}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe('Your role requires a passkey: register one to continue');
      }
    }
  });
});

describe('the guard is structural', () => {
  it('refuses to register a /v1 route that declares no access', async () => {
    const app = Fastify();
    const table: RouteEntry[] = [];
    registerAuth(app, t.db, table);
    app.get('/outside', async () => ({ ok: true })); // not under /v1: no declaration needed
    let error: unknown;
    try {
      app.get('/v1/x', async () => ({ ok: true }));
      await app.ready();
    } catch (err) {
      error = err;
    }
    expect(String(error)).toMatch(/GET \/v1\/x declares no access permission/);
    expect(table).toEqual([]);
    await app.close().catch(() => undefined);
  });

  it('records a /v1 route that declares its access, and guards it', async () => {
    const app = Fastify();
    const table: RouteEntry[] = [];
    registerAuth(app, t.db, table);
    app.post('/v1/y', { config: { access: { permission: 'audit.read' } } }, async () => ({ ok: true }));
    await app.ready();
    expect(table).toEqual([{ method: 'POST', url: '/v1/y', access: { permission: 'audit.read' } }]);
    const res = await app.inject({ method: 'POST', url: '/v1/y' });
    expect(res.statusCode).toBe(401);
    await app.close();
  });
});
