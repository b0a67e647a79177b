import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, insertStaff, sessionFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
const EMAIL = 'profile-owner@vaultdesk.test';
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  await insertStaff(t.db, EMAIL, 'Profile Owner', 'Support');
  await q(
    `INSERT INTO login_attempts (email, ip, step, success, at) VALUES ($1, '10.0.0.1', 'password', false, now() - interval '2 hours'), ($1, '10.0.0.2', 'code', true, now() - interval '1 hour')`,
    [EMAIL],
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the own admin profile', () => {
  it('GET /v1/admin/profile: name, e-mail, role, last sign-ins and open sessions (the current one marked)', async () => {
    const current = await sessionFor(t.db, EMAIL);
    await sessionFor(t.db, EMAIL);
    const res = await t.app.inject({ method: 'GET', url: '/v1/admin/profile', headers: bearer(current) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ fullName: 'Profile Owner', email: EMAIL, role: 'Support', enable2FA: true });
    expect(data.lastSignIns).toEqual([
      { at: expect.any(String), ip: '10.0.0.2', step: 'code', success: true },
      { at: expect.any(String), ip: '10.0.0.1', step: 'password', success: false },
    ]);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
  });

  it('PUT /v1/admin/profile changes the own name with an audit row; a blank name is 400 and changes nothing', async () => {
    const token = await sessionFor(t.db, EMAIL);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/v1/admin/profile',
      headers: bearer(token),
      payload: { fullName: ' ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('fullName');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/v1/admin/profile',
      headers: bearer(token),
      payload: { fullName: 'Profile Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'updated successfully', data: { fullName: 'Profile Renamed' } });
    expect(await q(`SELECT full_name FROM staff WHERE email = $1`, [EMAIL])).toEqual([
      { full_name: 'Profile Renamed' },
    ]);
    const [audit] = await q(
      `SELECT actor_email, before, after FROM audit_log WHERE action = 'admin.profile.update' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toEqual({
      actor_email: EMAIL,
      before: { fullName: 'Profile Owner' },
      after: { fullName: 'Profile Renamed' },
    });
  });

  it('POST /v1/admin/sessions/sign-out-others ends the other sessions only, once', async () => {
    const keep = await sessionFor(t.db, EMAIL);
    const other = await sessionFor(t.db, EMAIL);
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/v1/admin/sessions/sign-out-others', headers: bearer(keep) }),
      t.app.inject({ method: 'POST', url: '/v1/admin/sessions/sign-out-others', headers: bearer(keep) }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().message).toBe('Other sessions signed out');
    const revoked = [a.json().data.revoked, b.json().data.revoked].sort();
    expect(revoked[0]).toBe(0);
    expect(revoked[1]).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/profile', headers: bearer(other) })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/profile', headers: bearer(keep) })).statusCode).toBe(
      200,
    );
    const [audit] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.sessions.revoke-others' AND actor_email = $1`,
      [EMAIL],
    );
    expect(audit!.n).toBe(2);
  });
});
