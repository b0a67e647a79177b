import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS_KEY } from '../../../../test/test-env';

/**
 * Issue 21, finding 7 (first half): production ran TypeScript through tsx. `npm run build:api`
 * compiles the server and the worker to JavaScript, and the server starts with plain `node` on
 * the output: embedded database, migrations found from the bundle, the API described, a clean
 * stop on SIGTERM. The build here goes to a folder of this run's own inside apps/api (where the
 * real one goes, so packages resolve the same way); the web app is not built by this test.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const outdir = path.join(repoRoot, `apps/api/.data/build-test-${process.pid}`);
// In the repository's .data (PostgreSQL, run as its own user under root, cannot enter a private temporary folder).
const dataDir = path.join(repoRoot, `.data/test-build-start-${process.pid}`);
let child: ChildProcess | undefined;
let output = '';
let base = '';
let exited: Promise<number | null>;

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address() as net.AddressInfo; s.close(() => resolve(port)); });
});

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs', '--outdir', outdir], { cwd: repoRoot, encoding: 'utf8' });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Plain node on the output: no tsx loader, and the output is not next to any TypeScript it could load.
  child = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', SECRETS_KEY: TEST_SECRETS_KEY, DATA_DIR: dataDir,
      PORT: String(port), PG_PORT: String(await freePort()), HOST: '127.0.0.1', CHAIN: 'false', LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => { output += c.toString(); });
  child.stderr?.on('data', (c: Buffer) => { output += c.toString(); });
  exited = new Promise((resolve) => child!.on('exit', (code) => resolve(code)));

  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the built server exited with ${child.exitCode}:\n${output}`);
    const status = await fetch(`${base}/readyz`).then((r) => r.status, () => 0);
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`the built server did not answer /readyz within 45 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 90_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the API built to JavaScript, started with plain node', () => {
  it('the build is JavaScript that loads no TypeScript: every @vaultdesk package is inside it', () => {
    const main = readFileSync(path.join(outdir, 'main.js'), 'utf8');
    expect(existsSync(path.join(outdir, 'worker-main.js'))).toBe(true);
    expect(main).not.toMatch(/from\s+["']@vaultdesk\//);
    expect(main).not.toMatch(/from\s+["'][^"']+\.ts["']/);
    // The migrations are found next to their source, from the bundle.
    expect(main).toContain('new URL("../../../../packages/db/src/migrate.ts", import.meta.url)');
  });

  it('answers /readyz and /healthz', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('describes its API at /docs/json', async () => {
    const res = await fetch(`${base}/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/v1/admin/login']).toBeDefined();
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
  });

  it('runs on the migrated schema: a wrong password is refused with 401 (no table missing, nothing signed in)', async () => {
    const res = await fetch(`${base}/v1/admin/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@vaultdesk.test', password: 'not the password' }),
    });
    expect(res.status, await res.clone().text()).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
  });

  it('stops on SIGTERM with exit 0, the embedded database stopped', async () => {
    child!.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
    expect(code, output).toBe(0);
    expect(output).toContain('SIGTERM: shutting down');
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 30_000);
});
