import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export type Server = { url: string; stop: () => Promise<void>; pid: number | undefined };

/**
 * Starts the API as it runs in production (`node --import tsx apps/api/src/main.ts`) against
 * the bench database and waits until /readyz answers. `env` carries DATA_DIR, PORT and the rest.
 */
export async function startServer(opts: {
  root: string;
  env: NodeJS.ProcessEnv;
  port: number;
  log: (msg: string) => void;
}): Promise<Server> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: opts.root,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exited: number | null = null;
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exited = code ?? -1;
      resolve();
    }),
  );

  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (exited !== null) throw new Error(`the API exited (${exited}) before it was ready:\n${output.join('')}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the API was not ready within 5 minutes:\n${output.join('')}`);
    }
    await sleep(500);
  }
  opts.log(`API ready at ${url} (pid ${child.pid})`);
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (exited !== null) return;
      // SIGTERM: the API closes and stops its embedded PostgreSQL cleanly.
      child.kill('SIGTERM');
      await Promise.race([exit, sleep(30_000)]);
      if (exited === null) child.kill('SIGKILL');
    },
  };
}
