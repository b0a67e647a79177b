import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { CpuMeter } from './cpu';

const run = promisify(execFile);
const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '../wrk/cycle.lua');

export type LoadResult = {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  /** Answers with status ≥ 400, and socket errors/timeouts: any of them spoils the run. */
  errorStatus: number;
  socketErrors: number;
  /** CPU microseconds per request of the API process and of PostgreSQL (null: not measurable). */
  apiCpuUs: number | null;
  pgCpuUs: number | null;
};

export async function wrkVersion(): Promise<string | null> {
  try {
    const { stdout, stderr } = await run('wrk', ['--version']).catch((e: { stdout?: string; stderr?: string }) => ({
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    }));
    return (stdout + stderr).split('\n')[0]?.trim() || null;
  } catch {
    return null;
  }
}

/**
 * Runs wrk with `connections` open connections for `seconds`, every connection cycling through
 * `paths` (signed in with `token`). Latencies come back in milliseconds.
 */
export async function loadTest(opts: {
  baseUrl: string;
  token: string;
  paths: string[];
  connections: number;
  seconds: number;
  threads?: number;
  cpu?: CpuMeter | null;
}): Promise<LoadResult> {
  if (!opts.paths.length) throw new Error('loadTest: no paths');
  const dir = mkdtempSync(path.join(tmpdir(), 'vaultdesk-bench-'));
  const file = path.join(dir, 'paths.txt');
  writeFileSync(file, `${opts.paths.join('\n')}\n`);
  try {
    const threads = Math.min(opts.threads ?? 2, opts.connections);
    const cpu = opts.cpu?.start();
    const { stdout } = await run(
      'wrk',
      [`-t${threads}`, `-c${opts.connections}`, `-d${opts.seconds}s`, '--timeout', '10s', '-s', script, opts.baseUrl],
      {
        env: { ...process.env, BENCH_TOKEN: opts.token, BENCH_PATHS: file },
        maxBuffer: 10 * 1024 * 1024,
      },
    );
    const line = stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const r = JSON.parse(line.slice('BENCH_RESULT '.length)) as Record<string, number>;
    const used = cpu?.(r.requests!);
    const us = (k: string) => r[k]! / 1000;
    const seconds = r.durationUs! / 1e6;
    return {
      connections: opts.connections,
      seconds,
      requests: r.requests!,
      rps: r.requests! / seconds,
      p50: us('p50'),
      p90: us('p90'),
      p95: us('p95'),
      p99: us('p99'),
      max: us('max'),
      mean: us('mean'),
      errorStatus: r.errorStatus!,
      socketErrors: r.connectErrors! + r.readErrors! + r.writeErrors! + r.timeouts!,
      apiCpuUs: used?.apiUs ?? null,
      pgCpuUs: used?.pgUs ?? null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
