import { closeDb, createDb, type Db } from '@vaultdesk/db';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config/config';
import type { App, JobQueue } from '../src/http/app-types';
import { hashToken, newToken } from '../src/credentials/credentials';
import { DEMO_PASSWORD, DEMO_STAFF } from '../src/demo/demo-staff';
import { createTestDb } from '../../../test/test-db';
import { testEnv } from '../../../test/test-env';

export { createTestDb, DEMO_PASSWORD, DEMO_STAFF };

export type TestApp = {
  app: App;
  /** The owner's connection: the tests' own SQL (fixtures, checks of what the app wrote). */
  db: Db;
  /** The application role's connection, which the app under test uses (as a server does). */
  appDb: Db;
  /** The owner's URL of the file's database. */
  url: string;
  config: Config;
  jobs: { sent: string[] } & JobQueue;
  close: () => Promise<void>;
};

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { db, url, appUrl, drop } = await createTestDb();
  const appDb = createDb(appUrl, 5);
  const config = loadConfig(testEnv(env));
  const sent: string[] = [];
  const jobs = {
    sent,
    send: async (name: string) => {
      sent.push(name);
      return null;
    },
  };
  const app = await buildApp({ config, db: appDb, jobs, logger: false });
  return {
    app,
    db,
    appDb,
    url,
    config,
    jobs,
    close: async () => {
      await app.close();
      await closeDb(appDb);
      await drop();
    },
  };
}

export const demo = (role: 'superadmin' | 'compliance' | 'support' | 'newstaff') => {
  const account = DEMO_STAFF.find((s) => s.email.startsWith(`${role}@`));
  if (!account) throw new Error(`no demo account ${role}`);
  return account;
};

const lastStep = new Map<string, number>();

/**
 * A valid TOTP code not used before in this test file: the server accepts steps t-1..t+1 once
 * each, so the next unused step in that window is taken (waiting for a new step if needed).
 * Step t-1 stops being accepted when the current step ends, so it is taken only while more than
 * a few seconds of the step remain: otherwise a request under load reaches the server too late.
 */
export async function freshCode(secret: string): Promise<string> {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  for (;;) {
    const nowMs = Date.now();
    const now = Math.floor(nowMs / 30_000);
    const previousStillSafe = (now + 1) * 30_000 - nowMs > 5_000;
    const used = lastStep.get(secret) ?? -Infinity;
    const step = [...(previousStillSafe ? [now - 1] : []), now, now + 1].find((s) => s > used);
    if (step !== undefined) {
      lastStep.set(secret, step);
      return totp.generate({ timestamp: step * 30_000 + 1 });
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Signs in through the API, password then code. */
export async function login(
  app: App,
  role: Parameters<typeof demo>[0],
  password: string = DEMO_PASSWORD,
  remoteAddress = '127.0.0.1',
) {
  const account = demo(role);
  const payload: Record<string, string> = { email: account.email, password };
  if (account.totpSecret) payload.code = await freshCode(account.totpSecret);
  const res = await app.inject({ method: 'POST', url: '/v1/admin/login', payload, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`login ${role} failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

/**
 * A session row written straight into the database, for tests that are not about signing in
 * (the sign-in itself is covered in auth.test.ts); the guard treats it like any other.
 */
export async function sessionFor(db: Db, email: string, opts: { twoFactorPassed?: boolean } = {}) {
  const token = newToken();
  await db.$client.query(
    `INSERT INTO staff_sessions (staff_id, token_hash, two_factor_passed, expires_at)
     SELECT id, $2, $3, now() + interval '1 hour' FROM staff WHERE email = $1`,
    [email, hashToken(token), opts.twoFactorPassed ?? true],
  );
  return token;
}

export type DemoTokens = Record<'superadmin' | 'compliance' | 'support', string>;

/** A session (sessionFor) for each of the three signed-up demo roles, made one after another. */
export async function demoTokens(db: Db): Promise<DemoTokens> {
  const tokens: DemoTokens = { superadmin: '', compliance: '', support: '' };
  for (const role of ['superadmin', 'compliance', 'support'] as const)
    tokens[role] = await sessionFor(db, demo(role).email);
  return tokens;
}

/** Every role's id by its title. */
export async function roleIdsByTitle(db: Db): Promise<Record<string, string>> {
  const { rows } = await db.$client.query<{ id: string; title: string }>('SELECT id, title FROM roles');
  return Object.fromEntries(rows.map((r) => [r.title, r.id]));
}

/** An active staff account with two-factor on (no usable password), for tests of sessions and access. */
export async function insertStaff(db: Db, email: string, fullName: string, roleTitle: string) {
  await db.$client.query(
    `INSERT INTO staff (email, full_name, password_hash, role_id, status, totp_enabled)
     SELECT $1, $2, 'x', id, 'active', true FROM roles WHERE title = $3`,
    [email, fullName, roleTitle],
  );
}

/** What a savings plan holds now: the sum of its lock entries. */
export async function heldSum(db: Db, planId: string): Promise<string> {
  const { rows } = await db.$client.query<{ held: string }>(
    `SELECT trim_scale(coalesce(sum(amount), 0))::text AS held FROM savings_lock_entries WHERE plan_id = $1`,
    [planId],
  );
  return rows[0]!.held;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * An object a test file names at its top and beforeAll makes: every property read goes to the
 * value `set` gave, so the file's tests and helpers use it as if it had been there all along.
 */
export function madeLater<T extends object>(what: string): { value: T; set: (v: T) => void } {
  let current: T | undefined;
  const value = new Proxy({} as T, {
    get: (_, key) => {
      // Not a promise: `await` and async returns look for `then`.
      if (key === 'then') return undefined;
      if (!current) throw new Error(`${what} is made in beforeAll`);
      const v: unknown = Reflect.get(current, key);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(current) : v;
    },
  });
  return { value, set: (v) => void (current = v) };
}

/** Runs SQL on the test app's database and answers its rows. */
export const sqlOn =
  (t: TestApp) =>
  async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await t.db.$client.query(text, params)).rows as T[];

/**
 * The set-up most API test files share: before the file's tests, an app on a database of its own
 * and a session for each signed-up demo role; after them, the app closed and the database
 * dropped. `t` and `tokens` are usable once beforeAll has run (a file's own beforeAll, declared
 * after this call, runs after it); `q` runs SQL on the file's database.
 */
export function useTestApp(env: Record<string, string> = {}) {
  const app = madeLater<TestApp>('the test app');
  const tokens: DemoTokens = { superadmin: '', compliance: '', support: '' };
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(env);
    app.set(made);
    Object.assign(tokens, await demoTokens(made.db));
  });
  afterAll(async () => {
    await made?.close();
  });
  return { t: app.value, tokens, q: sqlOn(app.value) };
}

/** Asserts a 400 whose fields name `field`; `what` says which request it was. */
export function expect400(
  res: { statusCode: number; body: string; json: () => { fields?: Record<string, unknown> } },
  field: string,
  what: string,
) {
  expect(res.statusCode, `${what} ${res.body}`).toBe(400);
  expect(Object.keys(res.json().fields ?? {}), what).toContain(field);
}
