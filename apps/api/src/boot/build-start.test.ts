import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRETS_KEY } from '../../../../test/test-env';
import {
  baseEnv,
  buildApi,
  freePort,
  repoRoot,
  startNode,
  waitReady,
  type NodeProcess,
} from '../../../../test/processes';

/**
 * Issue 21, finding 7 (first half): production ran TypeScript through tsx. `npm run build:api`
 * compiles the server and the worker to JavaScript, and the server starts with plain `node` on
 * the output: embedded database, migrations found from the bundle, the API described, a clean
 * stop on SIGTERM. The build here goes to a folder of this run's own inside apps/api (where the
 * real one goes, so packages resolve the same way); the web app is not built by this test.
 */
const outdir = path.join(repoRoot, `apps/api/.data/build-test-${process.pid}`);
// In the repository's .data (PostgreSQL, run as its own user under root, cannot enter a private temporary folder).
const dataDir = path.join(repoRoot, `.data/test-build-start-${process.pid}`);
let server: NodeProcess | undefined;
let base = '';

beforeAll(async () => {
  const built = buildApi(outdir);

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // Plain node on the output: no tsx loader, and the output is not next to any TypeScript it could load.
  server = startNode(
    ['--enable-source-maps', built.main],
    {
      ...baseEnv(),
      NODE_ENV: 'production',
      SECRETS_KEY: TEST_SECRETS_KEY,
      // Production names its database and its public address; the embedded one is asked for.
      EMBEDDED_DATABASE: 'true',
      APP_URL: base,
      DATA_DIR: dataDir,
      PORT: String(port),
      PG_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      CHAIN: 'false',
      LOG_LEVEL: 'warn',
    },
    100_000,
  );
  // A new embedded cluster (initdb) and every migration: a minute or more on a busy shared machine.
  await waitReady(server, base, 120_000);
}, 180_000);

afterAll(() => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
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
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@vaultdesk.test', password: 'not the password' }),
    });
    expect(res.status, await res.clone().text()).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
  });

  it('stops on SIGTERM with exit 0, the embedded database stopped', async () => {
    const code = await Promise.race([
      server!.stop('SIGTERM'),
      new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000)),
    ]);
    expect(code, server!.output()).toBe(0);
    expect(server!.output()).toContain('SIGTERM: shutting down');
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 30_000);
});
