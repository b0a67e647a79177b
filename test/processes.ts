import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/api/src/config/ports';

/**
 * Real Vaultdesk processes for the tests and benches that need them (several instances, the
 * build, start-up races): a free port, the API build, a process with its output kept, and the
 * wait for its /readyz.
 */
export { freePort };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The environment a child starts from: nothing of the caller's but where programs and home are. */
export const baseEnv = (): Record<string, string | undefined> => ({ PATH: process.env.PATH, HOME: process.env.HOME });

/** `npm run build:api` into `outdir` (the API server and the worker as JavaScript); throws with the build's output. */
export function buildApi(outdir: string) {
  const build = spawnSync(process.execPath, ['scripts/build-api.mjs', '--outdir', outdir], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the API build failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
  return { main: path.join(outdir, 'main.js'), worker: path.join(outdir, 'worker-main.js') };
}

/**
 * The API built once into `outdir` for every caller that passes the same folder: the Vitest run's
 * boot tests share one build (test/global-setup.ts provides `apiBuildDir`, and removes it after the
 * run) instead of one each. The first caller builds under a lock folder (`outdir`.lock); the
 * others wait for its marker. A test about the build itself (build-start.test.ts) builds its own.
 */
export async function buildApiOnce(outdir: string, timeoutMs = 180_000) {
  const paths = { main: path.join(outdir, 'main.js'), worker: path.join(outdir, 'worker-main.js') };
  const done = path.join(outdir, '.built');
  const lock = `${outdir}.lock`;
  const started = Date.now();
  for (;;) {
    if (existsSync(done)) return paths;
    let mine = false;
    try {
      mkdirSync(lock);
      mine = true;
    } catch {
      // Another file is building it.
    }
    if (mine) {
      try {
        if (!existsSync(done)) {
          buildApi(outdir);
          writeFileSync(done, '');
        }
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      return paths;
    }
    if (Date.now() - started > timeoutMs)
      throw new Error(`the shared API build in ${outdir} took over ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export type NodeProcess = {
  child: ChildProcess;
  /** The last `keep` characters of stdout and stderr together. */
  output: () => string;
  exited: Promise<number | null>;
  /** Sends `signal` and waits for the exit (its code; null when killed by the signal). */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** `node <args>` from the repository root (or `cwd`) with exactly `env`. */
export function startNode(
  args: string[],
  env: Record<string, string | undefined>,
  keep = 8000,
  cwd = repoRoot,
): NodeProcess {
  return startProcess(process.execPath, args, env, keep, cwd);
}

/** Any `command <args>` (e.g. `npm run start:prod`) from the repository root (or `cwd`) with exactly `env`, as startNode. */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string | undefined>,
  keep = 8000,
  cwd = repoRoot,
): NodeProcess {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const add = (c: Buffer) => {
    output = (output + c.toString()).slice(-keep);
  };
  child.stdout!.on('data', add);
  child.stderr!.on('data', add);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until `base`/readyz answers 200 (ms taken); throws with the output when the process exits or the time runs out. */
export async function waitReady(p: NodeProcess, base: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (p.child.exitCode !== null)
      throw new Error(`exited with ${p.child.exitCode} before answering /readyz:\n${p.output()}`);
    const status = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return Date.now() - started;
    if (Date.now() - started > timeoutMs)
      throw new Error(`no 200 from ${base}/readyz within ${timeoutMs} ms:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until the process's output matches `pattern` (a worker has no HTTP port: it says when it
 * runs; a server on port 0 says which port it took) and answers the match.
 */
export async function waitMatch(p: NodeProcess, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
  const started = Date.now();
  for (;;) {
    const match = pattern.exec(p.output());
    if (match) return match;
    if (p.child.exitCode !== null)
      throw new Error(`exited with ${p.child.exitCode} before printing ${String(pattern)}:\n${p.output()}`);
    if (Date.now() - started > timeoutMs)
      throw new Error(`${String(pattern)} not printed within ${timeoutMs} ms:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the process printed `text` (ms taken). */
export async function waitOutput(p: NodeProcess, text: string, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  await waitMatch(p, new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), timeoutMs);
  return Date.now() - started;
}
