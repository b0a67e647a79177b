import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, DEMO_PASSWORD, insertStaff, sessionFor, type TestApp } from '../../test/helpers';
import { createSessionCache, type AuthState } from './auth';
import { hashToken } from '../credentials/credentials';
import type { Db } from '@vaultdesk/db';

/**
 * A change made in SQL with the notify triggers off (`session_replication_role = replica`), so no
 * notification reaches the listener: what is left is this process's own clearing, tested here.
 */
async function unheard(db: Db, sql: string, params: unknown[]) {
  const c = await db.$client.connect();
  try {
    await c.query('BEGIN');
    await c.query('SET LOCAL session_replication_role = replica');
    await c.query(sql, params);
    await c.query('COMMIT');
  } finally {
    c.release();
  }
}

const state = (over: Partial<AuthState> = {}): AuthState => ({
  sessionId: 's1',
  staffId: 'a1',
  email: 'a@vaultdesk.test',
  fullName: 'A',
  roleTitle: 'Support',
  roleSlug: 'support',
  permissions: ['self.account'],
  twoFactorPassed: true,
  totpEnabled: true,
  mustChangePassword: false,
  passkeySetupRequired: false,
  signedInAt: new Date(0),
  expiresAt: new Date(1_000_000),
  ...over,
});

describe('session cache', () => {
  it('keeps a resolved session for the TTL only, and never past the session expiry', () => {
    let now = 0;
    const cache = createSessionCache(5_000, 100, () => now);
    cache.set('h', state({ expiresAt: new Date(8_000) }), cache.generation());
    now = 4_999;
    expect(cache.get('h')?.sessionId).toBe('s1');
    now = 5_000;
    expect(cache.get('h')).toBeNull();

    now = 6_000;
    cache.set('h', state({ expiresAt: new Date(8_000) }), cache.generation());
    now = 8_000;
    expect(cache.get('h'), 'the session itself has expired').toBeNull();
  });

  it('does not keep a lookup that began before a change, and forgets everything on a change', () => {
    const cache = createSessionCache(5_000, 100, () => 0);
    cache.set('kept', state(), cache.generation());
    const started = cache.generation();
    cache.clear(); // a sign-out commits while the lookup is in flight
    cache.set('stale', state(), started);
    expect(cache.get('stale')).toBeNull();
    expect(cache.get('kept')).toBeNull();
    expect(cache.size()).toBe(0);
  });

  it('is bounded, keeps nothing with a TTL of 0, and hands out frozen states', () => {
    const cache = createSessionCache(5_000, 2, () => 0);
    for (const h of ['a', 'b', 'c']) cache.set(h, state(), cache.generation());
    expect(cache.size()).toBe(2);
    expect(cache.get('a'), 'the oldest goes first').toBeNull();
    const hit = cache.get('c')!;
    expect(Object.isFrozen(hit) && Object.isFrozen(hit.permissions)).toBe(true);

    const off = createSessionCache(0, 2, () => 0);
    off.set('a', state(), off.generation());
    expect(off.get('a')).toBeNull();
  });

  it('while bypassed (listener down) serves and keeps nothing; a lookup begun before listening again is not kept', () => {
    const cache = createSessionCache(5_000, 100, () => 0);
    cache.set('h', state(), cache.generation());
    cache.bypass(true);
    expect(cache.get('h'), 'emptied when bypass starts').toBeNull();
    const during = cache.generation();
    cache.set('h', state(), during);
    expect(cache.size()).toBe(0);
    cache.bypass(false);
    cache.set('h', state(), during);
    expect(cache.get('h'), 'began while deaf: may have missed a change').toBeNull();
    cache.set('h', state(), cache.generation());
    expect(cache.get('h')?.sessionId).toBe('s1');
  });
});

// This process's own changes: cleared by the write route itself, before its answer (the other
// instances hear of them by notification: session-revocation.test.ts).
describe('a change made through the API ends cached sessions at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: bearer(token) });

  it('sign-out: the same token is refused on the very next request', async () => {
    const token = await sessionFor(t.db, demo('support').email);
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200); // now answered from the cache
    expect((await t.app.inject({ method: 'POST', url: '/v1/admin/logout', headers: bearer(token) })).statusCode).toBe(
      200,
    );
    expect((await me(token)).statusCode).toBe(401);
  });

  it('password change: the other, cached sessions are refused at once', async () => {
    const email = demo('compliance').email;
    const current = await sessionFor(t.db, email);
    const other = await sessionFor(t.db, email);
    expect((await me(other)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/admin/password/update',
      headers: bearer(current),
      payload: {
        currentPassword: DEMO_PASSWORD,
        password: 'An0ther-Strong-Pass!',
        confirmPassword: 'An0ther-Strong-Pass!',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.otherSessionsRevoked).toBe(1);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
  });

  it('any write call empties the cache: an account or role changed meanwhile is read again', async () => {
    const email = 'cache-disabled@vaultdesk.test';
    await insertStaff(t.db, email, 'Cache Disabled', 'Support');
    const token = await sessionFor(t.db, email);
    expect((await me(token)).statusCode).toBe(200);
    await unheard(t.db, `UPDATE staff SET status = 'disabled' WHERE email = $1`, [email]);
    // Another staff member's write call (here a sign-out) in this process.
    const someoneElse = await sessionFor(t.db, demo('superadmin').email);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/admin/logout', headers: bearer(someoneElse) })).statusCode,
    ).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a read call leaves the cache alone: only write routes empty it', async () => {
    const email = 'cache-reads@vaultdesk.test';
    await insertStaff(t.db, email, 'Cache Reads', 'Support');
    const token = await sessionFor(t.db, email);
    expect((await me(token)).statusCode).toBe(200);
    await unheard(t.db, `UPDATE staff SET status = 'disabled' WHERE email = $1`, [email]);
    const someoneElse = await sessionFor(t.db, demo('superadmin').email);
    expect((await me(someoneElse)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/admin/dashboard', headers: bearer(someoneElse) })).statusCode,
    ).toBe(200);
    // Still the cached state (within the TTL): reads did not empty the cache...
    expect((await me(token)).statusCode).toBe(200);
    // ...a write did.
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/admin/logout', headers: bearer(someoneElse) })).statusCode,
    ).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('keeps the two-factor gate on a cached session, and never caches a failed lookup', async () => {
    const pending = await sessionFor(t.db, demo('support').email, { twoFactorPassed: false });
    expect((await me(pending)).statusCode).toBe(200); // the own profile is open before 2FA
    const dashboard = await t.app.inject({ method: 'GET', url: '/v1/admin/dashboard', headers: bearer(pending) });
    expect(dashboard.statusCode).toBe(403);
    expect(dashboard.json().message).toBe('Enable two-factor authentication to continue');

    // A token unknown at first and valid a moment later (its row written by another process).
    const later = await sessionFor(t.db, demo('support').email);
    await unheard(t.db, `UPDATE staff_sessions SET token_hash = 'x' || token_hash WHERE token_hash = $1`, [
      hashToken(later),
    ]);
    expect((await me(later)).statusCode).toBe(401);
    await unheard(t.db, `UPDATE staff_sessions SET token_hash = substr(token_hash, 2) WHERE token_hash = $1`, [
      'x' + hashToken(later),
    ]);
    expect((await me(later)).statusCode).toBe(200);
  });
});
