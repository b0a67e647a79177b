import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../files/file-store';
import type * as Helpers from '../../test/helpers';
import type { TestApp } from '../../test/helpers';

/**
 * Issue 31, finding 9: signed-in JSON answers (e.g. /v1/admin/me) carried no Cache-Control, so
 * a shared browser or a proxy could keep them. Every API answer now says `no-store` (refusals
 * included), downloads too; the web app's own files keep their caching.
 */
// A web build of this file's own, read when app.ts loads (hence the dynamic imports below).
const webDist = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Vaultdesk</title>');
writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("vaultdesk")');
process.env.WEB_DIST_DIR = webDist;

let t: TestApp;
let helpers: typeof Helpers;
let store: FileStore;
beforeAll(async () => {
  helpers = await import('../../test/helpers');
  const { createFileStore } = await import('../files/file-store');
  const { localObjectStore } = await import('../files/local-object-store');
  t = await helpers.createTestApp();
  store = createFileStore(t.db, localObjectStore(path.join(t.config.dataDir, 'files')));
});
afterAll(async () => {
  await t?.close();
  delete process.env.WEB_DIST_DIR;
  rmSync(webDist, { recursive: true, force: true });
});

const session = (role: 'superadmin' | 'support') => helpers.sessionFor(t.db, helpers.demo(role).email);

describe('Cache-Control: no-store', () => {
  it('on signed-in JSON answers: GET /v1/admin/me, a list, a change', async () => {
    const token = await session('superadmin');
    const me = await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: helpers.bearer(token) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.user.email).toBe(helpers.demo('superadmin').email);
    expect(me.headers['cache-control']).toBe('no-store');

    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/audit-logs?page=1&limit=5',
      headers: helpers.bearer(token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');

    const out = await t.app.inject({ method: 'POST', url: '/v1/admin/logout', headers: helpers.bearer(token) });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.headers['cache-control']).toBe('no-store');
  });

  it('on refusals: no session, no permission, bad input, an unknown API route', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/admin/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');

    const support = await session('support');
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/audit-logs?page=1&limit=5',
      headers: helpers.bearer(support),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['cache-control']).toBe('no-store');

    const admin = await session('superadmin');
    const badInput = await t.app.inject({
      method: 'GET',
      url: '/v1/admin/audit-logs?page=zero&limit=5',
      headers: helpers.bearer(admin),
    });
    expect(badInput.statusCode).toBe(400);
    expect(badInput.headers['cache-control']).toBe('no-store');

    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      payload: { email: 'nobody@example.test', password: 'not the password' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.headers['cache-control']).toBe('no-store');

    const unknown = await t.app.inject({ method: 'GET', url: '/v1/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No route GET /v1/no-such-route', code: 'NOT_FOUND' });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });

  it('on downloads: a stored file (the pictures) and the CSV downloads path', async () => {
    const { cid } = await store.put(Buffer.from('a passport scan'), {
      contentType: 'image/jpeg',
      permission: 'audit.read',
    });
    const token = await session('superadmin');
    const file = await t.app.inject({ method: 'GET', url: `/v1/ipfs/${cid}`, headers: helpers.bearer(token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['cache-control']).toBe('no-store');

    const download = await t.app.inject({ method: 'GET', url: '/downloads/export.csv?expires=1&sig=x' });
    expect(download.statusCode).toBe(401);
    expect(download.headers['cache-control']).toBe('no-store');
  });

  it('not on the web app: its page and assets keep their caching', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Vaultdesk</title>');
    expect(page.headers['cache-control']).toBe('public, max-age=0');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=0');
    expect(asset.headers.etag).toBeDefined();
  });
});
