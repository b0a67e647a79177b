import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMIT } from '@vaultdesk/contract';
import { createTestApp, type TestApp } from '../../test/helpers';

/**
 * Issue 31, finding 10: with TRUST_PROXY=true any caller that reached an instance directly chose
 * its own address with X-Forwarded-For, so the per-address sign-in lockout counted nothing.
 * TRUST_PROXY now names the proxies; the forwarded address is taken from them only.
 */
let viaLoopback: TestApp;
let viaRange: TestApp;
beforeAll(async () => {
  [viaLoopback, viaRange] = await Promise.all([
    createTestApp({ TRUST_PROXY: '127.0.0.1' }),
    createTestApp({ TRUST_PROXY: '10.0.0.0/8' }),
  ]);
});
afterAll(async () => {
  await Promise.all([viaLoopback?.close(), viaRange?.close()]);
});

const failedSignIn = (t: TestApp, remoteAddress: string, forwardedFor: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/admin/login',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, password: 'not the password' },
  });

const attemptsFor = async (t: TestApp, email: string) =>
  (
    await t.db.$client.query<{ ip: string; success: boolean }>(
      'SELECT ip, success FROM login_attempts WHERE email = $1 ORDER BY id',
      [email],
    )
  ).rows;

describe('TRUST_PROXY names the proxies', () => {
  it('TRUST_PROXY=127.0.0.1: a request from 127.0.0.1 is counted under the forwarded address', async () => {
    const res = await failedSignIn(viaLoopback, '127.0.0.1', '203.0.113.7', 'proxied@example.test');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
    expect(await attemptsFor(viaLoopback, 'proxied@example.test')).toEqual([{ ip: '203.0.113.7', success: false }]);
  });

  it('TRUST_PROXY=127.0.0.1: a caller that is not the proxy keeps its own address whatever it forwards', async () => {
    const res = await failedSignIn(viaLoopback, '198.51.100.20', '203.0.113.8', 'direct@example.test');
    expect(res.statusCode).toBe(401);
    expect(await attemptsFor(viaLoopback, 'direct@example.test')).toEqual([{ ip: '198.51.100.20', success: false }]);
  });

  it('TRUST_PROXY=10.0.0.0/8: attempts from 127.0.0.1 with a new X-Forwarded-For each are counted under 127.0.0.1 and locked out', async () => {
    for (let i = 1; i <= LOGIN_LIMIT.maxFailures; i++) {
      const res = await failedSignIn(viaRange, '127.0.0.1', `203.0.113.${i}`, `guess${i}@example.test`);
      expect(res.statusCode, res.body).toBe(401);
    }
    const rows = (
      await viaRange.db.$client.query<{ ip: string; n: number }>(
        `SELECT ip, count(*)::int AS n FROM login_attempts WHERE email LIKE 'guess%' GROUP BY ip`,
      )
    ).rows;
    expect(rows).toEqual([{ ip: '127.0.0.1', n: LOGIN_LIMIT.maxFailures }]);
    // The next one, with yet another forwarded address and account, is refused for the address.
    const locked = await failedSignIn(viaRange, '127.0.0.1', '203.0.113.99', 'guess99@example.test');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(locked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(await attemptsFor(viaRange, 'guess99@example.test')).toEqual([]);
  });

  it('TRUST_PROXY=10.0.0.0/8: a request from a proxy in the range is counted under the address it forwards', async () => {
    const res = await failedSignIn(viaRange, '10.1.2.3', '127.0.0.1, 203.0.113.50', 'ranged@example.test');
    // The right-most address that is not a trusted proxy: the one the proxy itself saw.
    expect(res.statusCode).toBe(401);
    expect(await attemptsFor(viaRange, 'ranged@example.test')).toEqual([{ ip: '203.0.113.50', success: false }]);
  });
});
