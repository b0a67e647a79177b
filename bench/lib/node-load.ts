import { leanConnection } from './http1';
import type { LoadResult } from './wrk';
import { percentile } from './stats';

/**
 * A closed-loop load in Node when wrk is not installed: `connections` lean keep-alive
 * connections (bench/lib/http1.ts), each sending its next request as soon as the previous one
 * answered, cycling through `paths`, for `seconds`. Latencies include this process's own work,
 * which shares the machine with the API: read it as an upper bound, and prefer wrk for records.
 */
export async function nodeLoadTest(opts: {
  baseUrl: string;
  token: string;
  paths: string[];
  connections: number;
  seconds: number;
}): Promise<LoadResult> {
  if (!opts.paths.length) throw new Error('nodeLoadTest: no paths');
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.connections }, async (_, c) => {
      const conn = await leanConnection(opts.baseUrl, opts.token);
      try {
        for (let i = c; performance.now() < until; i += opts.connections) {
          try {
            latencies.push(await conn.get(opts.paths[i % opts.paths.length]!));
          } catch {
            errors += 1;
          }
        }
      } finally {
        conn.close();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const mean = latencies.reduce((s, v) => s + v, 0) / Math.max(1, latencies.length);
  return {
    connections: opts.connections,
    seconds,
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
    mean,
    errorStatus: errors,
    socketErrors: 0,
    apiCpuUs: null,
    pgCpuUs: null,
  };
}
