import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_SECRETS_KEY, withDatabase } from '../../../../test/test-env';
import {
  baseEnv,
  buildApiOnce,
  freePort,
  repoRoot,
  startNode,
  waitReady,
  type NodeProcess,
} from '../../../../test/processes';
import { DEMO_PASSWORD, DEMO_STAFF } from '../demo/demo-staff';
import { freshCode } from '../../test/helpers';

/**
 * Issue 31, finding 7, as an operator meets it: `NODE_ENV=production` on a database first started
 * in development let the README's demo staff sign in; production started without DATABASE_URL
 * (an embedded postgres:postgres) and without APP_URL, and SEED_DEMO=true was a 9-line stack
 * trace. Each is now refused by the real server process in one line on stderr and exit 1; the
 * demo accounts are named with the command that retires them, and after it the server starts.
 */
const adminUrl = inject('pgAdminUrl');
const name = `prod_${Math.random().toString(36).slice(2, 10)}`;
const url = withDatabase(adminUrl, name);
const dirs: string[] = [];
const children: NodeProcess[] = [];
const ownDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-prod-'));
  dirs.push(dir);
  return dir;
};

// The server and the console command as production runs them: the built JavaScript
// (`npm run start:prod`, `apps/api/dist/retire-demo.js`), one build shared by the run's boot tests.
let MAIN = '';
let RETIRE_DEMO = '';

beforeAll(async () => {
  const built = await buildApiOnce(inject('apiBuildDir'));
  MAIN = built.main;
  RETIRE_DEMO = path.join(path.dirname(built.main), 'retire-demo.js');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await admin.end();
});
afterAll(async () => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A process run to its end: exit code, and stdout and stderr apart. */
function run(script: string, env: Record<string, string | undefined>, timeoutMs = 120_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', script], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} still running after ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A production environment with everything it needs; each test takes something away or adds it. */
const productionEnv = async (extra: Record<string, string | undefined> = {}) => {
  const port = await freePort();
  return {
    ...baseEnv(),
    NODE_ENV: 'production',
    SECRETS_KEY: TEST_SECRETS_KEY,
    DATABASE_URL: url,
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: ownDir(),
    PORT: String(port),
    HOST: '127.0.0.1',
    CHAIN: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  };
};

describe('a production start refuses what is unsafe, in one line each', () => {
  it('no DATABASE_URL (unless EMBEDDED_DATABASE=true), no APP_URL, SEED_DEMO=true, TRUST_PROXY=true', async () => {
    const cases = [
      {
        env: { DATABASE_URL: undefined },
        line: '[vaultdesk] Invalid configuration: DATABASE_URL is required in production (set EMBEDDED_DATABASE=true to run the embedded PostgreSQL in DATA_DIR on purpose)',
      },
      {
        env: { APP_URL: undefined },
        line: '[vaultdesk] Invalid configuration: APP_URL is required in production (the public address of e-mailed links and of the security headers)',
      },
      {
        env: { SEED_DEMO: 'true' },
        line: '[vaultdesk] Invalid configuration: SEED_DEMO=true is refused in production (demo accounts have published passwords): unset it',
      },
      {
        env: { TRUST_PROXY: 'true' },
        line: "[vaultdesk] Invalid configuration: TRUST_PROXY=true would believe X-Forwarded-For from any caller: name the proxies' addresses or ranges instead (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16, or loopback)",
      },
    ];
    const results = await Promise.all(cases.map(async (c) => run(MAIN, await productionEnv(c.env))));
    results.forEach((r, i) => {
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toBe(`${cases[i]!.line}\n`);
      expect(r.stdout).toBe('');
    });
    // None of them touched the database.
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
      expect(rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  }, 180_000);
});

describe('a database first started in development, then in production', () => {
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      return (await db.query<T>(text, values)).rows;
    } finally {
      await db.end();
    }
  };
  const demoEmails = DEMO_STAFF.map((s) => s.email);

  it('development seeds the demo staff; production then refuses, naming them and the command', async () => {
    const port = await freePort();
    const dev = startNode(
      ['--enable-source-maps', MAIN],
      {
        ...baseEnv(),
        NODE_ENV: 'development',
        SECRETS_KEY: TEST_SECRETS_KEY,
        DATABASE_URL: url,
        DATA_DIR: ownDir(),
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_USERS: '5',
        CHAIN: 'false',
        LOG_LEVEL: 'warn',
      },
      6000,
    );
    children.push(dev);
    await waitReady(dev, `http://127.0.0.1:${port}`, 150_000);
    expect(await dev.stop('SIGTERM')).toBe(0);
    const before = await q<{ email: string; status: string }>(
      `SELECT email::text, status FROM staff WHERE email = ANY($1) ORDER BY email`,
      [demoEmails],
    );
    expect(before).toEqual([...demoEmails].sort().map((email) => ({ email, status: 'active' })));

    const refused = await run(MAIN, await productionEnv());
    expect(refused.code, refused.stdout + refused.stderr).toBe(1);
    const lines = refused.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      '[vaultdesk] Refusing to start in production: demo credentials are still held by ' +
        'superadmin@vaultdesk.test (password, TOTP secret), compliance@vaultdesk.test (password, TOTP secret), ' +
        'support@vaultdesk.test (password, TOTP secret), newstaff@vaultdesk.test (password); ' +
        'run `npm run admin:retire-demo` with this environment to disable these accounts',
    ]);
    // Nothing about the accounts changed.
    expect(await q(`SELECT email::text, status FROM staff WHERE email = ANY($1) ORDER BY email`, [demoEmails])).toEqual(
      before,
    );
  }, 240_000);

  it('the retire command disables them, audited; production then starts and the demo sign-in is refused', async () => {
    const retired = await run(RETIRE_DEMO, await productionEnv());
    expect(retired.code, retired.stdout + retired.stderr).toBe(0);
    expect(retired.stderr).toBe('');
    expect(retired.stdout.trimEnd().split('\n')).toEqual([
      '[vaultdesk] disabled superadmin@vaultdesk.test (held the demo password and TOTP secret; sessions ended)',
      '[vaultdesk] disabled compliance@vaultdesk.test (held the demo password and TOTP secret; sessions ended)',
      '[vaultdesk] disabled support@vaultdesk.test (held the demo password and TOTP secret; sessions ended)',
      '[vaultdesk] disabled newstaff@vaultdesk.test (held the demo password; sessions ended)',
    ]);
    const accounts = await q(
      `SELECT email::text, status, totp_enabled, totp_secret_enc IS NULL AS no_secret,
              (SELECT count(*)::int FROM staff_sessions s WHERE s.staff_id = staff.id AND s.revoked_at IS NULL) AS open_sessions
         FROM staff WHERE email = ANY($1) ORDER BY email`,
      [demoEmails],
    );
    expect(accounts).toEqual(
      [...demoEmails]
        .sort()
        .map((email) => ({ email, status: 'disabled', totp_enabled: false, no_secret: true, open_sessions: 0 })),
    );
    const audited = await q<{ email: string; user_agent: string; actor_id: string | null }>(
      `SELECT before->>'email' AS email, user_agent, actor_id FROM audit_log WHERE action = 'admin.retire-demo' ORDER BY id`,
    );
    expect(audited.map((a) => a.email).sort()).toEqual([...demoEmails].sort());
    for (const a of audited)
      expect(a).toMatchObject({ user_agent: 'console: npm run admin:retire-demo', actor_id: null });

    // Once more: nothing left to retire, nothing written.
    const again = await run(RETIRE_DEMO, await productionEnv());
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('[vaultdesk] No account holds a demo password or TOTP secret: nothing to do.\n');
    expect(await q(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'admin.retire-demo'`)).toEqual([
      { n: demoEmails.length },
    ]);

    const env = await productionEnv();
    const prod = startNode(['--enable-source-maps', MAIN], env, 6000);
    children.push(prod);
    await waitReady(prod, env.APP_URL, 150_000);
    const superadmin = DEMO_STAFF[0];
    const login = await fetch(`${env.APP_URL}/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: superadmin.email,
        password: DEMO_PASSWORD,
        code: await freshCode(superadmin.totpSecret),
      }),
    });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
    expect(await prod.stop('SIGTERM')).toBe(0);
    expect(
      await q(
        `SELECT count(*)::int AS n FROM staff_sessions s JOIN staff f ON f.id = s.staff_id WHERE f.email = ANY($1) AND s.revoked_at IS NULL`,
        [demoEmails],
      ),
    ).toEqual([{ n: 0 }]);
  }, 300_000);
});
