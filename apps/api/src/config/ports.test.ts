import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultChainPort } from '@vaultdesk/chain/node';
import { defaultPgPort, PG_PORT_SPAN, startEmbeddedPostgres } from '@vaultdesk/db';
import { TEST_SECRETS_KEY } from '../../../../test/test-env';

/**
 * Issue 21, finding 2: a second instance on one machine. Its default ports must not be the first
 * one's, and a port that is taken stops the start with one line naming the port and the variable
 * to set (it printed `undefined`, or a stack trace after a whole start-up).
 */

describe('default ports derived from PORT', () => {
  // Ports people give a server: the defaults, +1, the 10000 steps, the usual development ones.
  const COMMON = [
    80, 443, 3000, 3001, 4000, 5000, 5173, 8000, 8001, 8080, 8081, 8082, 8181, 8443, 8888, 8981, 9000, 9090, 10080,
    18080, 18081, 28080, 38080, 48080,
  ];

  it('keep 54400 and 8545 for PORT 8080 (as before), and 8080 and 18080 no longer share a database port', () => {
    expect(defaultPgPort(8080)).toBe(54400);
    expect(defaultChainPort(8080)).toBe(8545);
    expect(defaultPgPort(8081)).toBe(54401);
    expect(defaultChainPort(8181)).toBe(8646);
    expect(defaultPgPort(18080)).not.toBe(defaultPgPort(8080));
    expect(defaultChainPort(18080)).not.toBe(defaultChainPort(8080));
  });

  it('common PORTs: every app, database and chain port of all of them is different', () => {
    const all = COMMON.flatMap((p) => [p, defaultPgPort(p), defaultChainPort(p)]);
    const repeated = all.filter((p, i) => all.indexOf(p) !== i);
    expect(repeated).toEqual([]);
    expect(all).toHaveLength(COMMON.length * 3);
  });

  it('every PORT gives ports in range; two PORTs share a database port only 10007 (a prime) apart', () => {
    const byPg = new Map<number, number[]>();
    const outOfRange: string[] = [];
    for (let p = 1; p <= 65535; p++) {
      const pgPort = defaultPgPort(p);
      const chain = defaultChainPort(p);
      if (!(Number.isInteger(pgPort) && pgPort >= 54400 && pgPort <= 54400 + PG_PORT_SPAN - 1))
        outOfRange.push(`PG for ${p}: ${pgPort}`);
      if (!(Number.isInteger(chain) && chain >= 1024 && chain <= 65535)) outOfRange.push(`chain for ${p}: ${chain}`);
      byPg.set(pgPort, [...(byPg.get(pgPort) ?? []), p]);
    }
    expect(outOfRange).toEqual([]);
    const shared = [...byPg.values()].filter((ports) => ports.some((p) => (p - ports[0]!) % PG_PORT_SPAN !== 0));
    expect(shared).toEqual([]);
    expect(byPg.size).toBe(PG_PORT_SPAN);
    expect(PG_PORT_SPAN).toBe(10007);
    // The chain keeps 8545 + (PORT - 8080) wherever that is a valid port: one chain port per PORT.
    for (const p of [559, 1000, 8080, 30000, 65070]) expect(defaultChainPort(p)).toBe(p + 465);
  });
});

describe('a taken port stops the start with one line (the real process)', () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-ports-'));
  const held: net.Server[] = [];
  afterAll(async () => {
    await Promise.all(held.map((s) => new Promise((r) => s.close(r))));
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Listens on a free port (as another program would) and returns it. */
  const holdPort = (host = '127.0.0.1') =>
    new Promise<number>((resolve) => {
      const server = net.createServer();
      held.push(server);
      server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port));
    });
  const freePort = async () => {
    const s = net.createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const { port } = s.address() as net.AddressInfo;
    await new Promise((r) => s.close(r));
    return port;
  };

  /** `npm start`'s process (main.ts), as the crash test starts it, until it exits. */
  const start = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string; stdout: string; ms: number }>((resolve) => {
      const started = Date.now();
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          SECRETS_KEY: TEST_SECRETS_KEY,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      child.stderr.on('data', (c: Buffer) => {
        stderr += c.toString();
      });
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr, stdout, ms: Date.now() - started });
      });
    });

  const expectOneLine = (run: { code: number | null; stderr: string; stdout: string }, line: RegExp) => {
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr.trimEnd().split('\n'), run.stderr).toHaveLength(1);
    expect(run.stderr.trim()).toMatch(line);
    // Nothing was started: the database was not even looked for.
    expect(run.stdout).not.toContain('starting embedded PostgreSQL');
  };

  it("the embedded database's port (PG_PORT)", async () => {
    const pgPort = await holdPort();
    const run = await start({ PORT: String(await freePort()), PG_PORT: String(pgPort), CHAIN: 'false' });
    expectOneLine(
      run,
      new RegExp(
        `^\\[vaultdesk\\] Cannot start Vaultdesk: port ${pgPort} \\(the embedded PostgreSQL\\) is already in use: set PG_PORT to a free port \\(or DATABASE_URL to use a running PostgreSQL\\)$`,
      ),
    );
  }, 90_000);

  it("the app's port (PORT), held on every address", async () => {
    const appPort = await holdPort('0.0.0.0');
    const run = await start({ PORT: String(appPort), PG_PORT: String(await freePort()), CHAIN: 'false' });
    expectOneLine(
      run,
      new RegExp(
        `^\\[vaultdesk\\] Cannot start Vaultdesk: port ${appPort} \\(the app\\) is already in use: set PORT to a free port$`,
      ),
    );
  }, 90_000);

  it("the local chain's port (CHAIN_PORT)", async () => {
    const chainPort = await holdPort();
    const run = await start({
      PORT: String(await freePort()),
      PG_PORT: String(await freePort()),
      CHAIN: 'true',
      CHAIN_PORT: String(chainPort),
    });
    expectOneLine(
      run,
      new RegExp(
        `^\\[vaultdesk\\] Cannot start Vaultdesk: port ${chainPort} \\(the local chain\\) is already in use: set CHAIN_PORT to a free port \\(or CHAIN_RPC_URL to use the node there, or CHAIN=false\\)$`,
      ),
    );
  }, 90_000);
});

describe('the embedded database on a port taken after the look (two starts at the same moment)', () => {
  it('fails with an error naming the port, not `undefined`', async () => {
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    // In the repository's .data (PostgreSQL, run as its own user under root, cannot enter a private temporary folder).
    const dir = path.resolve(`.data/test-ports-pg-${process.pid}`);
    try {
      const failure = await startEmbeddedPostgres({ dataDir: dir, port }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toContain(`The embedded PostgreSQL did not start on port ${port}`);
    } finally {
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
