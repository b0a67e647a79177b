import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import {
  bearer,
  createTestApp,
  demo,
  DEMO_PASSWORD,
  freshCode,
  login,
  sessionFor,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Each test signs in from its own address, so deliberate failures in one test do not lock
// the next one out through the per-address limit (that limit has its own test below).
let address = '';
let addressCount = 0;
beforeEach(() => {
  address = `10.0.0.${++addressCount}`;
});
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: address });

describe('sign-in', () => {
  it('asks for the code after a correct password when enable2FA is set, then opens a session', async () => {
    const first = await post('/v1/admin/login', { email: 'superadmin@vaultdesk.test', password: DEMO_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ enable2FA: true, codeRequired: true });

    const code = await freshCode(demo('superadmin').totpSecret!);
    const second = await post('/v1/admin/login', { email: 'superadmin@vaultdesk.test', password: DEMO_PASSWORD, code });
    expect(second.statusCode).toBe(200);
    const data = second.json().data;
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.expiresIn).toBeGreaterThan(Date.now());
    expect(data.enable2FA).toBe(true);
    expect(data.authRole.name).toBe('Super Admin');

    const me = await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: bearer(data.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.email).toBe('superadmin@vaultdesk.test');

    const { rows } = await t.db.$client.query(`SELECT token_hash FROM staff_sessions WHERE token_hash = $1`, [
      data.token,
    ]);
    expect(rows).toHaveLength(0); // only the hash is stored
  });

  it('refuses a replayed code', async () => {
    const code = await freshCode(demo('compliance').totpSecret!);
    const ok = await post('/v1/admin/login', { email: 'compliance@vaultdesk.test', password: DEMO_PASSWORD, code });
    expect(ok.statusCode).toBe(200);
    const replay = await post('/v1/admin/login', { email: 'compliance@vaultdesk.test', password: DEMO_PASSWORD, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toMatch(/already used/);
  });

  it('the code step checks the password again: right after a password step, a wrong one is refused and counted', async () => {
    const email = 'compliance@vaultdesk.test';
    const first = await post('/v1/admin/login', { email, password: DEMO_PASSWORD });
    expect(first.json().data).toEqual({ enable2FA: true, codeRequired: true });
    const sessionsBefore = await t.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_sessions s JOIN staff ON staff.id = s.staff_id WHERE staff.email = $1`,
      [email],
    );
    const code = await freshCode(demo('compliance').totpSecret!);
    const wrong = await post('/v1/admin/login', { email, password: `${DEMO_PASSWORD}x`, code });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Invalid email or password');
    const attempts = await t.db.$client.query<{ step: string; success: boolean }>(
      `SELECT step, success FROM login_attempts WHERE ip = $1 ORDER BY at`,
      [address],
    );
    expect(attempts.rows).toEqual([{ step: 'password', success: false }]);
    // The code was not taken by the refused call: the right password with it still signs in, once.
    const right = await post('/v1/admin/login', { email, password: DEMO_PASSWORD, code });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.token).toBeTruthy();
    const sessionsAfter = await t.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_sessions s JOIN staff ON staff.id = s.staff_id WHERE staff.email = $1`,
      [email],
    );
    expect(sessionsAfter.rows[0]!.n).toBe(sessionsBefore.rows[0]!.n + 1);
  });

  it('a replayed code opens no session and counts as a failed code step; the accepted one settled with its session', async () => {
    const email = 'compliance@vaultdesk.test';
    const code = await freshCode(demo('compliance').totpSecret!);
    const ok = await post('/v1/admin/login', { email, password: DEMO_PASSWORD, code });
    expect(ok.statusCode).toBe(200);
    const countSessions = async () =>
      (
        await t.db.$client.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM staff_sessions s JOIN staff ON staff.id = s.staff_id WHERE staff.email = $1`,
          [email],
        )
      ).rows[0]!.n;
    const before = await countSessions();
    const replay = await post('/v1/admin/login', { email, password: DEMO_PASSWORD, code });
    expect(replay.statusCode).toBe(401);
    expect(await countSessions()).toBe(before);
    const attempts = await t.db.$client.query<{ step: string; success: boolean }>(
      `SELECT step, success FROM login_attempts WHERE ip = $1 ORDER BY at`,
      [address],
    );
    expect(attempts.rows).toEqual([
      { step: 'code', success: true },
      { step: 'code', success: false },
    ]);
  });

  it('a session that fails to open after the code step leaves nothing: the claim released, the code not taken, so it works on the retry', async () => {
    const email = 'superadmin@vaultdesk.test';
    const q = async <T>(text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows as T[];
    const lastStep = async () =>
      (await q<{ totp_last_step: number | null }>(`SELECT totp_last_step FROM staff WHERE email = $1`, [email]))[0]!
        .totp_last_step;
    const loginAudits = async () =>
      (await q<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'auth.login'`))[0]!.n;
    // The database refuses a session opened from this test's address: the failure comes after the
    // code's step was taken and the attempt settled, in the same transaction.
    await t.db.$client.query(`
      CREATE FUNCTION refuse_session_from_test() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'session refused by the test'; END $$;
      CREATE TRIGGER refuse_session_from_test BEFORE INSERT ON staff_sessions FOR EACH ROW
        WHEN (NEW.ip = '${address}') EXECUTE FUNCTION refuse_session_from_test();`);
    const dropTrigger = async () => {
      await t.db.$client.query(`DROP TRIGGER IF EXISTS refuse_session_from_test ON staff_sessions;
        DROP FUNCTION IF EXISTS refuse_session_from_test();`);
    };
    onTestFinished(dropTrigger);
    const stepBefore = await lastStep();
    const auditsBefore = await loginAudits();

    const code = await freshCode(demo('superadmin').totpSecret!);
    const failed = await post('/v1/admin/login', { email, password: DEMO_PASSWORD, code });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      message: 'Something went wrong',
      code: 'INTERNAL',
      reference: failed.headers['x-request-id'],
    });
    // Released like an attempt without an outcome: not counted as a failure.
    expect(await q(`SELECT step, success FROM login_attempts WHERE ip = $1`, [address])).toEqual([]);
    expect(await lastStep()).toBe(stepBefore);
    expect(await q(`SELECT 1 FROM staff_sessions WHERE ip = $1`, [address])).toEqual([]);
    expect(await loginAudits()).toBe(auditsBefore);

    await dropTrigger();
    const retry = await post('/v1/admin/login', { email, password: DEMO_PASSWORD, code });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await q(`SELECT step, success FROM login_attempts WHERE ip = $1`, [address])).toEqual([
      { step: 'code', success: true },
    ]);
    expect(await lastStep()).not.toBe(stepBefore);
    expect(await q(`SELECT 1 FROM staff_sessions WHERE ip = $1`, [address])).toHaveLength(1);
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    const wrong = await post('/v1/admin/login', { email: 'support@vaultdesk.test', password: 'nope' });
    const unknown = await post('/v1/admin/login', { email: 'ghost@vaultdesk.test', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('answers 400 naming the field for a malformed email', async () => {
    const res = await post('/v1/admin/login', { email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    expect(Object.keys(res.json().fields)).toContain('email');
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('sign-in answer', () => {
  // The browser draws the signed-in shell from the sign-in answer instead of asking GET admin/me
  // (apps/web/src/api/me-key.ts): the two must say the same of the session, whatever its state.
  it('says what GET admin/me says of the session it opens: a Super Admin, a forced password change, a switched-off role', async () => {
    await t.db.$client.query(`UPDATE staff SET must_change_password = true WHERE email = 'support@vaultdesk.test'`);
    onTestFinished(async () => {
      await t.db.$client.query(`UPDATE staff SET must_change_password = false WHERE email = 'support@vaultdesk.test'`);
    });
    await t.db.$client.query(`UPDATE roles SET is_active = false WHERE slug = 'compliance'`);
    onTestFinished(async () => {
      await t.db.$client.query(`UPDATE roles SET is_active = true WHERE slug = 'compliance'`);
    });

    const seen: Record<string, { mustChangePassword: boolean; permissions: string[] }> = {};
    for (const who of ['superadmin', 'support', 'compliance'] as const) {
      const account = demo(who);
      const res = await post('/v1/admin/login', {
        email: account.email,
        password: DEMO_PASSWORD,
        code: await freshCode(account.totpSecret!),
      });
      expect(res.statusCode).toBe(200);
      const { token, codeRequired, ...answer } = res.json().data;
      expect(codeRequired).toBe(false);
      const me = await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: bearer(token) });
      expect(me.statusCode).toBe(200);
      expect(answer).toEqual(me.json().data);
      seen[who] = { mustChangePassword: answer.mustChangePassword, permissions: answer.authRole.permissions };
      // Later tests count the account's open sessions.
      expect((await post('/v1/admin/logout', undefined, bearer(token))).statusCode).toBe(200);
    }
    expect(seen.superadmin!.permissions).toContain('dashboard.read');
    expect(seen.support!.mustChangePassword).toBe(true);
    expect(seen.compliance!.permissions).toEqual(['self.account']);
  });
});

describe('two-factor enable', () => {
  it('forces a new admin through enable-2fa, then needs a code', async () => {
    const first = await post('/v1/admin/login', { email: 'newstaff@vaultdesk.test', password: DEMO_PASSWORD });
    expect(first.statusCode).toBe(200);
    const { token, enable2FA } = first.json().data;
    expect(enable2FA).toBe(false);

    const blocked = await t.app.inject({ method: 'GET', url: '/v1/admin/dashboard', headers: bearer(token) });
    expect(blocked.statusCode).toBe(403);

    const start = await post('/v1/auth/2fa/start/enable', undefined, bearer(token));
    expect(start.statusCode).toBe(200);
    const { qr, secret } = start.json().data;
    expect(qr).toMatch(/^data:image\/png;base64,/);
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();

    const wrongPassword = await post('/v1/auth/2fa/create/enable', { secret, code, password: 'wrong' }, bearer(token));
    expect(wrongPassword.statusCode).toBe(400);

    const done = await post('/v1/auth/2fa/create/enable', { secret, code, password: DEMO_PASSWORD }, bearer(token));
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Your 2FA has been activated. Login to continue.');

    // The session ends; the next sign-in asks for a code, and the stored secret is encrypted.
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: bearer(token) })).statusCode).toBe(401);
    const again = await post('/v1/admin/login', { email: 'newstaff@vaultdesk.test', password: DEMO_PASSWORD });
    expect(again.json().data.codeRequired).toBe(true);
    const { rows } = await t.db.$client.query(
      `SELECT totp_secret_enc FROM staff WHERE email = 'newstaff@vaultdesk.test'`,
    );
    expect(rows[0].totp_secret_enc).not.toContain(secret);
  });
});

describe('password update', () => {
  it('requires the current password, a match and a strong password, and revokes the other sessions', async () => {
    const email = 'support@vaultdesk.test';
    const current = await sessionFor(t.db, email);
    const other = await sessionFor(t.db, email);
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/v1/admin/password/update', headers: bearer(current), payload });
    const before = (await t.db.$client.query(`SELECT password_hash FROM staff WHERE email = $1`, [email])).rows[0]
      .password_hash;

    const wrongCurrent = await put({
      currentPassword: 'nope',
      password: 'N3w-Strong-Passw0rd!',
      confirmPassword: 'N3w-Strong-Passw0rd!',
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().fields.currentPassword).toBeDefined();
    const mismatch = await put({
      currentPassword: DEMO_PASSWORD,
      password: 'N3w-Strong-Passw0rd!',
      confirmPassword: 'Different-Passw0rd!',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields.confirmPassword).toBeDefined();
    const weak = await put({ currentPassword: DEMO_PASSWORD, password: 'short', confirmPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBeDefined();
    const unchanged = (await t.db.$client.query(`SELECT password_hash FROM staff WHERE email = $1`, [email])).rows[0]
      .password_hash;
    expect(unchanged).toBe(before);

    const done = await put({
      currentPassword: DEMO_PASSWORD,
      password: 'N3w-Strong-Passw0rd!',
      confirmPassword: 'N3w-Strong-Passw0rd!',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.otherSessionsRevoked).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: bearer(other) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: bearer(current) })).statusCode).toBe(200);

    const oldPassword = await post('/v1/admin/login', { email, password: DEMO_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post('/v1/admin/login', { email, password: 'N3w-Strong-Passw0rd!' });
    expect(newPassword.json().data.codeRequired).toBe(true);
  });
});

describe('logout', () => {
  it('revokes the session', async () => {
    const token = await login(t.app, 'superadmin', DEMO_PASSWORD, address);
    const out = await post('/v1/admin/logout', undefined, bearer(token));
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe('lockout', () => {
  it('refuses the account with 429 after 5 failures within 15 minutes, even with the right password', async () => {
    const email = 'compliance@vaultdesk.test';
    await t.db.$client.query('DELETE FROM login_attempts WHERE email = $1', [email]); // earlier tests' failures
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/admin/login',
        remoteAddress: `10.1.0.${i}`,
        payload: { email, password: `wrong-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      remoteAddress: '10.1.1.1',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts\. Try again in 15 minutes\./);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);

    // The window passes: move the failures 16 minutes back, and the account signs in again.
    await t.db.$client.query(`UPDATE login_attempts SET at = at - interval '16 minutes' WHERE email = $1`, [email]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      remoteAddress: '10.1.1.1',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });

  it('a burst of 20 wrong passwords sent at once gets exactly 5 answers of 401 and 15 of 429 (each attempt is counted before it is checked)', async () => {
    const email = 'burst@vaultdesk.test';
    await t.db.$client.query(
      `INSERT INTO staff (email, full_name, password_hash, role_id, status, totp_enabled) SELECT $1, 'Burst', 'x', id, 'active', true FROM roles WHERE title = 'Support'`,
      [email],
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/admin/login',
          remoteAddress: `10.6.0.${i}`,
          payload: { email, password: `wrong-${i}` },
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const { rows } = await t.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_attempts WHERE email = $1 AND NOT success`,
      [email],
    );
    expect(rows[0]!.n).toBe(5);
  });

  it('a burst from one address over 20 accounts at once: 5 answers of 401, the rest 429', async () => {
    const remoteAddress = '10.7.0.1';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/admin/login',
          remoteAddress,
          payload: { email: `burst-nobody${i}@vaultdesk.test`, password: 'x' },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(15);
  });

  it('a correct password awaiting its code leaves no attempt behind (the claim is released)', async () => {
    const remoteAddress = '10.8.0.1';
    const first = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      remoteAddress,
      payload: { email: 'superadmin@vaultdesk.test', password: DEMO_PASSWORD },
    });
    expect(first.json().data, first.body).toEqual({ enable2FA: true, codeRequired: true });
    const { rows } = await t.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_attempts WHERE ip = $1`,
      [remoteAddress],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses an address with 429 after 5 failures across accounts', async () => {
    const remoteAddress = '10.2.0.1';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/admin/login',
        remoteAddress,
        payload: { email: `nobody${i}@vaultdesk.test`, password: 'x' },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      remoteAddress,
      payload: { email: 'superadmin@vaultdesk.test', password: DEMO_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    const otherAddress = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      remoteAddress: '10.2.0.2',
      payload: { email: 'superadmin@vaultdesk.test', password: DEMO_PASSWORD },
    });
    expect(otherAddress.statusCode).toBe(200);
  });

  it('counts wrong codes towards the lockout', async () => {
    const email = 'superadmin@vaultdesk.test';
    await t.db.$client.query('DELETE FROM login_attempts WHERE email = $1', [email]);
    // The lock would otherwise outlast this test and refuse the account to the tests that follow.
    onTestFinished(async () => {
      await t.db.$client.query('DELETE FROM login_attempts WHERE email = $1', [email]);
    });
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/admin/login',
        remoteAddress: `10.3.0.${i}`,
        payload: { email, password: DEMO_PASSWORD, code: '000000' },
      });
      expect(res.statusCode).toBe(401);
    }
    const code = await freshCode(demo('superadmin').totpSecret!);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/login',
      remoteAddress: '10.3.1.1',
      payload: { email, password: DEMO_PASSWORD, code },
    });
    expect(locked.statusCode).toBe(429);
  });
});
