import { setTimeout as sleep } from 'node:timers/promises';
import { startNode, waitMatch, waitReady, type NodeProcess } from '../../test/processes';

export type Server = { url: string; stop: () => Promise<void>; pid: number | undefined };

/**
 * `node --import tsx <script>` from the repository root with exactly `env`, answered once `ready`
 * gives its URL. A process that fails to become ready is stopped before the error is thrown.
 * `stop` sends SIGTERM and, when the process has not exited within `graceMs`, SIGKILL.
 */
async function startScript(opts: {
  script: string;
  env: NodeJS.ProcessEnv;
  ready: (p: NodeProcess) => Promise<string>;
  graceMs: number;
}): Promise<Server> {
  const p = startNode(['--import', 'tsx', opts.script], opts.env);
  const stop = async () => {
    const exited = p.stop('SIGTERM');
    if ((await Promise.race([exited.then(() => true), sleep(opts.graceMs, false)])) === false) {
      p.child.kill('SIGKILL');
      await exited;
    }
  };
  try {
    return { url: await opts.ready(p), pid: p.child.pid, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Starts the API as it runs in production (`node --import tsx apps/api/src/main.ts`) against
 * the bench database and waits until /readyz answers. `env` carries DATA_DIR, PORT and the rest.
 */
export async function startServer(opts: {
  env: NodeJS.ProcessEnv;
  port: number;
  log: (msg: string) => void;
}): Promise<Server> {
  const url = `http://127.0.0.1:${opts.port}`;
  const server = await startScript({
    script: 'apps/api/src/main.ts',
    env: opts.env,
    ready: async (p) => {
      await waitReady(p, url, 300_000);
      return url;
    },
    // SIGTERM: the API closes and stops its embedded PostgreSQL cleanly, which may take a while.
    graceMs: 30_000,
  });
  opts.log(`API ready at ${url} (pid ${server.pid})`);
  return server;
}

/**
 * The bare Fastify server of the framework's floor (bare-fastify-server.ts), started the way the
 * API is, on the same database with the API's pool size; answers its URL once it listens.
 */
export async function startBareFastify(opts: {
  databaseUrl: string;
  poolSize: number;
  log: (msg: string) => void;
}): Promise<Server> {
  const server = await startScript({
    script: 'bench/lib/bare-fastify-server.ts',
    env: { ...process.env, DATABASE_URL: opts.databaseUrl, PG_POOL_SIZE: String(opts.poolSize) },
    ready: async (p) => `http://127.0.0.1:${(await waitMatch(p, /listening (\d+)/, 60_000))[1]}`,
    graceMs: 10_000,
  });
  opts.log(`bare Fastify route (the framework's floor) at ${server.url} (pid ${server.pid})`);
  return server;
}
