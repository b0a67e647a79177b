/**
 * What the request pipeline costs around a call's own work, measured on an API that is already
 * running: `GET /healthz` (no session) and `GET /v1/admin/me` (signed in, answered from the
 * resolved session, no SQL of its own).
 *   BENCH_URL=http://127.0.0.1:8276 DATA_DIR=/work/bench-data PORT=8276 npx tsx bench/pipeline.ts --pid <API pid> --label "after"
 * Prints one markdown row per route: wrk at 16 connections (p50, p99, req/s, CPU µs per request
 * of the API and of PostgreSQL), then one request at a time through the lean client and through
 * Node's http client (p50). Run it against two builds in turn (before, after, before, after...)
 * on a quiet machine; results go into bench/results by hand, with the runs' conditions.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config/config';
import { createCpuMeter } from './lib/cpu';
import { leanConnection, nodeConnection, type OneConnection } from './lib/http1';
import { signIn } from './lib/session';
import { percentile } from './lib/stats';
import { loadTest } from './lib/wrk';

const { values: args } = parseArgs({
  options: {
    pid: { type: 'string' },
    label: { type: 'string', default: 'run' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    requests: { type: 'string', default: '3000' },
  },
});
const baseUrl = process.env.BENCH_URL;
if (!baseUrl) throw new Error('set BENCH_URL to the running API (and DATA_DIR/PORT for its PostgreSQL CPU)');
const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
const cpu = createCpuMeter({ serverPid: args.pid ? Number(args.pid) : undefined, dataDir: config.dataDir });
const token = await signIn(baseUrl);

const oneAtATime = async (connections: OneConnection[], path: string, n: number) => {
  const times: number[][] = connections.map(() => []);
  for (let i = 0; i < 200; i++) for (const c of connections) await c.get(path);
  for (let i = 0; i < n; i++) {
    // Alternate which client goes first, so both see the same machine at the same moment.
    const order = i % 2 === 0 ? connections.map((_, k) => k) : connections.map((_, k) => connections.length - 1 - k);
    for (const k of order) times[k]!.push(await connections[k]!.get(path));
  }
  return times.map((t) => percentile(t, 50));
};

const rows: string[] = [];
for (const path of ['/healthz', '/v1/admin/me']) {
  await loadTest({ baseUrl, token, paths: [path], connections: Number(args.connections), seconds: 3 });
  const load = await loadTest({
    baseUrl,
    token,
    paths: [path],
    connections: Number(args.connections),
    seconds: Number(args.seconds),
    cpu,
  });
  const lean = await leanConnection(baseUrl, token);
  const node = nodeConnection(baseUrl, token);
  const [leanP50, nodeP50] = await oneAtATime([lean, node], path, Number(args.requests));
  lean.close();
  node.close();
  const f = (n: number | null | undefined, d = 2) =>
    n === null || n === undefined || Number.isNaN(n) ? '–' : n.toFixed(d);
  rows.push(
    `| ${args.label} | \`${path}\` | ${Math.round(load.rps).toLocaleString('en-US')} | ${f(load.p50)} | ${f(load.p99)} | ${f(load.apiCpuUs, 0)} | ${f(load.pgCpuUs, 0)} | ${f(leanP50, 3)} | ${f(nodeP50, 3)} |`,
  );
}
process.stdout.write(`${rows.join('\n')}\n`);
