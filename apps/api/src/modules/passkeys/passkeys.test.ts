import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PASSKEY_MESSAGES } from '@vaultdesk/contract';
import { SoftPasskey } from '../../../../../test/webauthn-authenticator';
import { bearer, createTestApp, demo, DEMO_PASSWORD, freshCode, login, type TestApp } from '../../../test/helpers';
import { hashToken } from '../../credentials/credentials';

let t: TestApp;
// The test app's APP_URL is http://localhost:8080: the RP ID is localhost, the origin that URL.
const ORIGIN = 'http://localhost:8080';
const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.db.$client.query(text, params)).rows as T[];
const audits = (action: string) =>
  q<{ actor_email: string | null; target_id: string; before: unknown; after: unknown }>(
    `SELECT actor_email, target_id, before, after FROM audit_log WHERE action = $1 ORDER BY id`,
    [action],
  );

let addressCount = 0;
/** Each sign-in attempt from its own address: deliberate failures must not lock the next test out by address. */
const nextAddress = () => `10.24.0.${++addressCount}`;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
  remoteAddress = '127.0.0.1',
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}), remoteAddress });

/** Registers a new software passkey on the session's account; returns it and the answer. */
async function register(token: string, name = 'Laptop', key = new SoftPasskey(ORIGIN)) {
  const options = await call('POST', '/v1/admin/passkeys/options', token);
  expect(options.statusCode, options.body).toBe(200);
  const res = await call('POST', '/v1/admin/passkeys', token, { name, response: key.register(options.json().data) });
  return { key, res };
}

/** Signs in with the passkey: options, then the assertion. */
async function passkeySignIn(
  key: SoftPasskey,
  over: Parameters<SoftPasskey['assert']>[1] = {},
  remoteAddress = nextAddress(),
) {
  const options = await call('POST', '/v1/auth/passkey/options', undefined, undefined, remoteAddress);
  expect(options.statusCode, options.body).toBe(200);
  return call(
    'POST',
    '/v1/auth/passkey/sign-in',
    undefined,
    { response: key.assert(options.json().data, over) },
    remoteAddress,
  );
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('passkeys of the own account', () => {
  let token: string;
  let key: SoftPasskey;
  const email = demo('support').email;

  it('registers a named passkey within minutes of signing in: stored, listed, audited, its challenge used once', async () => {
    token = await login(t.app, 'support');
    const options = await call('POST', '/v1/admin/passkeys/options', token);
    expect(options.statusCode).toBe(200);
    const opts = options.json().data;
    expect(opts).toMatchObject({
      rp: { id: 'localhost', name: 'Vaultdesk' },
      user: { name: email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    expect(await q(`SELECT purpose FROM webauthn_challenges WHERE challenge = $1`, [opts.challenge])).toEqual([
      { purpose: 'register' },
    ]);

    key = new SoftPasskey(ORIGIN);
    const answer = key.register(opts);
    const res = await call('POST', '/v1/admin/passkeys', token, { name: '  Office laptop ', response: answer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.registered);
    expect(res.json().data).toMatchObject({
      signInAgain: false,
      passkey: { name: 'Office laptop', lastUsedAt: null, deviceType: 'singleDevice', backedUp: false },
    });
    const [row] = await q<{ credential_id: string; counter: number; transports: string[] }>(
      `SELECT p.credential_id, p.counter, p.transports FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id WHERE s.email = $1`,
      [email],
    );
    expect(row).toEqual({ credential_id: key.credentialId, counter: 0, transports: ['internal'] });
    expect(await q(`SELECT 1 FROM webauthn_challenges WHERE challenge = $1`, [opts.challenge])).toEqual([]);
    const [audit] = await audits('auth.passkey.register');
    expect(audit).toMatchObject({
      actor_email: email,
      target_id: res.json().data.passkey._id,
      after: { name: 'Office laptop', sessionEnded: false },
    });

    // The same answer again: its challenge is gone.
    const replay = await call('POST', '/v1/admin/passkeys', token, { name: 'Again', response: answer });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(PASSKEY_MESSAGES.expired);

    const list = await call('GET', '/v1/admin/passkeys', token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({
      required: false,
      canAdd: true,
      records: [{ name: 'Office laptop', createdAt: expect.any(String), lastUsedAt: null }],
    });
  });

  it('refuses an answer made for another origin, an unverified or malformed one, a blank or over-long name: 400, nothing stored', async () => {
    const before = await q(`SELECT count(*)::int AS n FROM staff_passkeys`);
    const other = await register(token, 'Phishing page', new SoftPasskey('https://vaultdesk.example.com'));
    expect(other.res.statusCode).toBe(400);
    expect(other.res.json().message).toMatch(/^This passkey could not be verified: .*origin/i);

    const options = await call('POST', '/v1/admin/passkeys/options', token);
    const blank = await call('POST', '/v1/admin/passkeys', token, {
      name: ' ',
      response: new SoftPasskey(ORIGIN).register(options.json().data),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toHaveProperty('name');
    const long = await call('POST', '/v1/admin/passkeys', token, {
      name: 'x'.repeat(61),
      response: new SoftPasskey(ORIGIN).register(options.json().data),
    });
    expect(long.statusCode).toBe(400);
    const garbage = await call('POST', '/v1/admin/passkeys', token, {
      name: 'Bad',
      response: { ...new SoftPasskey(ORIGIN).register(options.json().data), id: 'not base64url!' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(await q(`SELECT count(*)::int AS n FROM staff_passkeys`)).toEqual(before);
  });

  it('asks for a recent sign-in before adding one: 403 for a session older than 10 minutes', async () => {
    const old = await login(t.app, 'support');
    await q(`UPDATE staff_sessions SET created_at = now() - interval '11 minutes' WHERE token_hash = $1`, [
      hashToken(old),
    ]);
    const res = await call('POST', '/v1/admin/passkeys/options', old);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.recentSignIn);
    expect((await call('GET', '/v1/admin/passkeys', old)).json().data.canAdd).toBe(false);
  });

  it('signs in with the passkey instead of password + TOTP: the same session, sign-in record and audit', async () => {
    const address = nextAddress();
    const res = await passkeySignIn(key, {}, address);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      enable2FA: true,
      codeRequired: false,
      mustChangePassword: false,
      user: { email },
      authRole: { name: 'Support' },
    });
    expect(data.expiresIn).toBeGreaterThan(Date.now());
    const me = await call('GET', '/v1/admin/me', data.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ user: { email }, passkeySetupRequired: false });
    expect(
      await q(`SELECT method, two_factor_passed, ip FROM staff_sessions WHERE token_hash = $1`, [
        hashToken(data.token),
      ]),
    ).toEqual([{ method: 'passkey', two_factor_passed: true, ip: address }]);
    expect(await q(`SELECT step, success FROM login_attempts WHERE ip = $1`, [address])).toEqual([
      { step: 'passkey', success: true },
    ]);
    const logins = await audits('auth.login');
    expect(logins.at(-1)).toMatchObject({ actor_email: email, after: { method: 'passkey', twoFactor: true } });
    const [row] = await q<{ counter: number; last_used_at: Date | null }>(
      `SELECT counter, last_used_at FROM staff_passkeys WHERE credential_id = $1`,
      [key.credentialId],
    );
    expect(row!.counter).toBe(1);
    expect(row!.last_used_at).not.toBeNull();
    // The profile lists it among the last sign-ins.
    const profile = await call('GET', '/v1/admin/profile', data.token);
    expect(profile.json().data.lastSignIns[0]).toMatchObject({ step: 'passkey', success: true, ip: address });
  });

  it('takes each sign-in challenge once and only while it is fresh', async () => {
    const address = nextAddress();
    const options = (await call('POST', '/v1/auth/passkey/options', undefined, undefined, address)).json().data;
    const answer = key.assert(options);
    expect((await call('POST', '/v1/auth/passkey/sign-in', undefined, { response: answer }, address)).statusCode).toBe(
      200,
    );
    const replay = await call('POST', '/v1/auth/passkey/sign-in', undefined, { response: answer }, address);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(PASSKEY_MESSAGES.expired);

    const late = (await call('POST', '/v1/auth/passkey/options', undefined, undefined, address)).json().data;
    await q(`UPDATE webauthn_challenges SET expires_at = now() - interval '1 second' WHERE challenge = $1`, [
      late.challenge,
    ]);
    const expired = await call('POST', '/v1/auth/passkey/sign-in', undefined, { response: key.assert(late) }, address);
    expect(expired.statusCode).toBe(409);
  });

  it('a sign-in whose session fails to open leaves nothing of it: no attempt, no session, counter kept; its challenge stays used', async () => {
    const address = nextAddress();
    await q(`
      CREATE FUNCTION refuse_session_from_test() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'session refused by the test'; END $$;
      CREATE TRIGGER refuse_session_from_test BEFORE INSERT ON staff_sessions FOR EACH ROW
        WHEN (NEW.ip = '${address}') EXECUTE FUNCTION refuse_session_from_test();`);
    const dropTrigger = async () => {
      await q(`DROP TRIGGER IF EXISTS refuse_session_from_test ON staff_sessions;
        DROP FUNCTION IF EXISTS refuse_session_from_test();`);
    };
    onTestFinished(dropTrigger);
    const passkeyRow = async () =>
      (
        await q<{ counter: string; last_used_at: Date | null }>(
          `SELECT counter, last_used_at FROM staff_passkeys WHERE credential_id = $1`,
          [key.credentialId],
        )
      )[0]!;
    const before = await passkeyRow();
    const loginsBefore = (await audits('auth.login')).length;

    const options = (await call('POST', '/v1/auth/passkey/options', undefined, undefined, address)).json().data;
    const answer = key.assert(options);
    const failed = await call('POST', '/v1/auth/passkey/sign-in', undefined, { response: answer }, address);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      message: 'Something went wrong',
      code: 'INTERNAL',
      reference: failed.headers['x-request-id'],
    });
    expect(await q(`SELECT step, success FROM login_attempts WHERE ip = $1`, [address])).toEqual([]);
    expect(await q(`SELECT 1 FROM staff_sessions WHERE ip = $1`, [address])).toEqual([]);
    expect(await passkeyRow()).toEqual(before);
    expect(await audits('auth.login')).toHaveLength(loginsBefore);

    await dropTrigger();
    // The challenge was used by the failed call: the same answer is not accepted again.
    const replay = await call('POST', '/v1/auth/passkey/sign-in', undefined, { response: answer }, address);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(PASSKEY_MESSAGES.expired);
    // A new ceremony signs in, recorded once.
    const res = await passkeySignIn(key, {}, address);
    expect(res.statusCode, res.body).toBe(200);
    expect(await q(`SELECT step, success FROM login_attempts WHERE ip = $1`, [address])).toEqual([
      { step: 'passkey', success: true },
    ]);
    expect(await q(`SELECT method FROM staff_sessions WHERE ip = $1`, [address])).toEqual([{ method: 'passkey' }]);
    expect(Number((await passkeyRow()).counter)).toBe(key.counter);
    expect(await audits('auth.login')).toHaveLength(loginsBefore + 1);
  });

  it('refuses a cloned credential (a counter that does not exceed the stored one), audited, counter kept', async () => {
    const [{ counter }] = (await q<{ counter: string }>(`SELECT counter FROM staff_passkeys WHERE credential_id = $1`, [
      key.credentialId,
    ])) as [{ counter: string }];
    const address = nextAddress();
    const res = await passkeySignIn(key, { counter: Number(counter) }, address);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.cloned);
    expect(await q(`SELECT counter FROM staff_passkeys WHERE credential_id = $1`, [key.credentialId])).toEqual([
      { counter },
    ]);
    const [audit] = await audits('auth.passkey.counter-refused');
    expect(audit).toMatchObject({
      actor_email: email,
      before: { counter: Number(counter) },
      after: { presented: Number(counter) },
    });
    expect(await q(`SELECT step, success FROM login_attempts WHERE ip = $1`, [address])).toEqual([
      { step: 'passkey', success: false },
    ]);
    // The genuine authenticator, counting on, still signs in.
    expect((await passkeySignIn(key, { counter: Number(counter) + 5 })).statusCode).toBe(200);
  });

  it('refuses an assertion without user verification, or signed for another origin: 401', async () => {
    expect((await passkeySignIn(key, { userVerified: false })).statusCode).toBe(401);
    const other = await passkeySignIn(key, { origin: 'https://vaultdesk.example.com' });
    expect(other.statusCode).toBe(401);
    expect(other.json().message).toBe(PASSKEY_MESSAGES.refused);
  });

  it('respects account status and the sign-in lockout', async () => {
    await q(`UPDATE staff SET status = 'disabled' WHERE email = $1`, [email]);
    const disabled = await passkeySignIn(key);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().message).toBe('This account is disabled');
    await q(`UPDATE staff SET status = 'active' WHERE email = $1`, [email]);

    const address = nextAddress();
    await q(
      `INSERT INTO login_attempts (email, ip, step, success) SELECT $1, '10.99.0.1', 'password', false FROM generate_series(1, 5)`,
      [email],
    );
    const locked = await passkeySignIn(key, {}, address);
    expect(locked.statusCode).toBe(429);
    // An address locked out starts no ceremony at all.
    expect((await call('POST', '/v1/auth/passkey/options', undefined, undefined, '10.99.0.1')).statusCode).toBe(429);
    await q(`DELETE FROM login_attempts WHERE ip = '10.99.0.1'`);
  });

  it("removes an own passkey after which it no longer signs in; another account's is 404", async () => {
    const second = await register(token, 'Phone');
    expect(second.res.statusCode).toBe(200);
    const id = second.res.json().data.passkey._id as string;
    const other = await login(t.app, 'compliance');
    const foreign = await call('DELETE', `/v1/admin/passkeys/${id}`, other);
    expect(foreign.statusCode).toBe(404);

    const res = await call('DELETE', `/v1/admin/passkeys/${id}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSKEY_MESSAGES.removed, data: { _id: id, name: 'Phone' } });
    expect(await q(`SELECT 1 FROM staff_passkeys WHERE id = $1`, [id])).toEqual([]);
    const [audit] = await audits('auth.passkey.remove');
    expect(audit).toMatchObject({ actor_email: email, target_id: id, before: { name: 'Phone' } });
    expect((await call('DELETE', `/v1/admin/passkeys/${id}`, token)).statusCode).toBe(404);

    const gone = await passkeySignIn(second.key);
    expect(gone.statusCode).toBe(401);
    expect(gone.json().message).toBe(PASSKEY_MESSAGES.unknown);
  });
});

describe('a role that requires passkeys', () => {
  const roleId = async (title: string) =>
    (await q<{ id: string }>(`SELECT id FROM roles WHERE title = $1`, [title]))[0]!.id;

  it('is set by a Super Admin (audited, 409 when unchanged), not by a role without roles.manage', async () => {
    const admin = await login(t.app, 'superadmin');
    const support = await roleId('Support');
    const res = await call('PUT', `/v1/admin/roles/${support}/passkeys`, admin, { requirePasskey: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Support now requires passkeys',
      data: { _id: support, title: 'Support', requirePasskey: true },
    });
    expect(await q(`SELECT require_passkey FROM roles WHERE id = $1`, [support])).toEqual([{ require_passkey: true }]);
    expect((await audits('role.passkeys')).at(-1)).toMatchObject({
      target_id: support,
      before: { requirePasskey: false },
      after: { requirePasskey: true },
    });
    expect((await call('PUT', `/v1/admin/roles/${support}/passkeys`, admin, { requirePasskey: true })).statusCode).toBe(
      409,
    );
    expect(
      (await call('PUT', `/v1/admin/roles/${support}/passkeys`, admin, { requirePasskey: 'yes' })).statusCode,
    ).toBe(400);
    const roles = await call('GET', '/v1/admin/roles', admin);
    expect(roles.json().data.records.find((r: { title: string }) => r.title === 'Support')).toMatchObject({
      requirePasskey: true,
    });

    const compliance = await login(t.app, 'compliance');
    expect(
      (await call('PUT', `/v1/admin/roles/${support}/passkeys`, compliance, { requirePasskey: false })).statusCode,
    ).toBe(403);
  });

  it('refuses password + TOTP to a member who has a passkey (audited); the passkey still signs in', async () => {
    const address = nextAddress();
    const res = await call(
      'POST',
      '/v1/admin/login',
      undefined,
      { email: demo('support').email, password: DEMO_PASSWORD },
      address,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PASSKEY_MESSAGES.required);
    expect((await audits('auth.login.refused')).at(-1)).toMatchObject({
      actor_email: demo('support').email,
      after: { reason: 'passkey required' },
    });
  });

  it('lets a member without one sign in with password + TOTP only to register one, then to sign in with it', async () => {
    const admin = await login(t.app, 'superadmin');
    expect(
      (await call('PUT', `/v1/admin/roles/${await roleId('Compliance')}/passkeys`, admin, { requirePasskey: true }))
        .statusCode,
    ).toBe(200);
    const account = demo('compliance');
    const signIn = await call(
      'POST',
      '/v1/admin/login',
      undefined,
      { email: account.email, password: DEMO_PASSWORD, code: await freshCode(account.totpSecret!) },
      nextAddress(),
    );
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().data.token as string;
    expect((await call('GET', '/v1/admin/me', token)).json().data.passkeySetupRequired).toBe(true);
    const blocked = await call('GET', '/v1/admin/profile', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(PASSKEY_MESSAGES.setupRequired);
    expect((await call('GET', '/v1/admin/passkeys', token)).json().data).toMatchObject({ required: true, records: [] });

    const { key, res } = await register(token, 'Security key');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: PASSKEY_MESSAGES.signInAgain, data: { signInAgain: true } });
    expect((await call('GET', '/v1/admin/me', token)).statusCode).toBe(401);

    const withKey = await passkeySignIn(key);
    expect(withKey.statusCode).toBe(200);
    const fresh = withKey.json().data.token as string;
    expect((await call('GET', '/v1/admin/me', fresh)).json().data.passkeySetupRequired).toBe(false);
    expect((await call('GET', '/v1/admin/profile', fresh)).statusCode).toBe(200);
    // And from now on password + TOTP is refused.
    expect(
      (
        await call(
          'POST',
          '/v1/admin/login',
          undefined,
          { email: account.email, password: DEMO_PASSWORD },
          nextAddress(),
        )
      ).statusCode,
    ).toBe(403);

    // Stopping the requirement gives password + TOTP back.
    expect(
      (await call('PUT', `/v1/admin/roles/${await roleId('Compliance')}/passkeys`, admin, { requirePasskey: false }))
        .statusCode,
    ).toBe(200);
    const back = await call(
      'POST',
      '/v1/admin/login',
      undefined,
      { email: account.email, password: DEMO_PASSWORD },
      nextAddress(),
    );
    expect(back.statusCode).toBe(200);
    expect(back.json().data.codeRequired).toBe(true);
  });
});
