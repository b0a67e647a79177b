/**
 * The users-area speed bench (issue 3): see bench/README.md.
 *   DATA_DIR=/work/bench-data PORT=8277 npx tsx bench/run.ts [--only me,search-user] [--seconds 20] ...
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config/config';
import { ENDPOINTS, type Endpoint } from './endpoints';
import { createCapturer, type Query } from './lib/capture';
import { createCpuMeter, type CpuMeter } from './lib/cpu';
import { renderReport, type EndpointResult, type PageResult, type RunInfo } from './lib/report';
import { loadSamples } from './lib/samples';
import { startBareFastify, startServer, type Server } from './lib/server';
import { signIn } from './lib/session';
import { alternate, sideBySide } from './lib/side-by-side';
import { loadTest, wrkVersion } from './lib/wrk';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    'page-seconds': { type: 'string', default: '10' },
    'deep-page': { type: 'string', default: '5000' },
    'side-inputs': { type: 'string', default: '60' },
    'side-rounds': { type: 'string', default: '6' },
    out: { type: 'string' },
    note: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  say(
    'usage: DATA_DIR=<bench data> PORT=8277 npx tsx bench/run.ts [--only a,b] [--connections 16] [--seconds 20] [--warmup 3] [--page-seconds 10] [--deep-page 5000] [--side-inputs 60] [--side-rounds 6] [--out file.md] [--note "text for the results"]',
  );
  say(
    '       BENCH_URL=http://host:port uses an API that is already running (same DATA_DIR/PORT or DATABASE_URL) instead of starting one',
  );
  process.exit(0);
}
const num = (v: string | undefined, name: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};
const settings = {
  connections: num(args.connections, 'connections'),
  seconds: num(args.seconds, 'seconds'),
  warmupSeconds: num(args.warmup, 'warmup'),
  pageSeconds: num(args['page-seconds'], 'page-seconds'),
  deepPage: num(args['deep-page'], 'deep-page'),
  sideInputs: num(args['side-inputs'], 'side-inputs'),
  sideRounds: num(args['side-rounds'], 'side-rounds'),
};
const PAGE_SIZE = 10;

if (!process.env.DATA_DIR && !process.env.DATABASE_URL) {
  throw new Error(
    'set DATA_DIR (the bench data folder, outside the repository) or DATABASE_URL: the bench never runs on the development database by accident',
  );
}
// The server runs as in production, except that the demo staff must exist (to sign in) and the
// background worker stays off (its polling is not what is measured). LOG_LEVEL may be overridden.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: process.env.PORT ?? '8277',
  NODE_ENV: 'development',
  SEED_DEMO: 'true',
  WORKER: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const config = loadConfig(env);
const databaseUrl = config.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${config.pgPort}/vaultdesk`;

const only = args.only ? new Set(args.only.split(',').map((s) => s.trim())) : null;
const endpoints = ENDPOINTS.filter((e) => !only || only.has(e.name));
if (only)
  for (const name of only)
    if (!ENDPOINTS.some((e) => e.name === name))
      throw new Error(`--only: no call named ${name} (see bench/endpoints.ts)`);

const wrk = await wrkVersion();
if (!wrk) throw new Error('wrk is not installed: apt-get install -y wrk');

const startedAt = new Date();
const loadAvgStart = os.loadavg();
let server: Server | null = null;
let floor: Server | null = null;
const client = new pg.Client({ connectionString: databaseUrl });
let capturer: Awaited<ReturnType<typeof createCapturer>> | null = null;
let cpu: CpuMeter | null = null;
try {
  const baseUrl =
    process.env.BENCH_URL?.replace(/\/$/, '') ?? (server = await startServer({ env, port: config.port, log: say })).url;
  await client.connect();
  cpu = createCpuMeter({ serverPid: server?.pid, dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const postgres = (await client.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v.split(' on ')[0]!;

  say('counting the dataset...');
  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'wallets',
    'wallet_balances',
    'savings_plans',
    'wallet_transactions',
    'savings_transactions',
    'ledger_entries',
    'referrals',
  ]) {
    counts[table] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  }
  const databaseSize = (
    await client.query<{ s: string }>('SELECT pg_size_pretty(pg_database_size(current_database())) AS s')
  ).rows[0]!.s;
  const seedLog =
    config.dataDir && existsSync(path.join(config.dataDir, 'seed.log'))
      ? readFileSync(path.join(config.dataDir, 'seed.log'), 'utf8')
      : '';
  const generation =
    seedLog
      .split('\n')
      .filter((l) => /^demo data: \d+ users in|^done in/.test(l))
      .join('; ') || null;
  say(`dataset: ${JSON.stringify(counts)} (${databaseSize})`);

  say('sampling inputs...');
  const samples = await loadSamples(client, { users: 400, deepRows: settings.deepPage * PAGE_SIZE });
  const token = await signIn(baseUrl);
  say('signed in as the demo Super Admin');
  capturer = await createCapturer(config, databaseUrl);
  floor = await startBareFastify({ databaseUrl, poolSize: config.pgPoolSize, log: say });

  const results: EndpointResult[] = [];
  for (const endpoint of endpoints) {
    results.push(await measure(endpoint, baseUrl, token, samples));
  }

  const info: RunInfo = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model ?? 'unknown CPU',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      postgres,
      wrk,
      loadAvgStart,
    },
    settings: {
      ...settings,
      server: process.env.BENCH_URL
        ? `already running at ${baseUrl}`
        : `started by the bench: node --import tsx apps/api/src/main.ts, LOG_LEVEL=${env.LOG_LEVEL}, worker off`,
    },
    dataset: { counts, databaseSize, generation },
    code: describeCode(),
    note: args.note ?? null,
  };
  const out = args.out
    ? path.resolve(args.out)
    : path.join(root, 'bench/results', `${startedAt.toISOString().slice(0, 10)}-users-area.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, renderReport(info, results));
  writeFileSync(out.replace(/\.md$/, '.json'), `${JSON.stringify({ info, results }, null, 2)}\n`);
  say(`results written to ${path.relative(root, out)}`);
  process.stdout.write(`\n${renderReport(info, results)}\n`);
} finally {
  await capturer?.close().catch(() => {});
  await client.end().catch(() => {});
  await floor?.stop();
  await server?.stop();
}

/** Which code was measured: the commit, and whether the tree had changes on top of it. */
function describeCode(): string {
  try {
    const git = (...a: string[]) => execFileSync('git', a, { cwd: root, encoding: 'utf8' }).trim();
    const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
    return `${git('log', '-1', '--format=%h %s')}${dirty ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

function withPage(p: string, page: number) {
  const url = new URL(p, 'http://bench');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

/** Rows in an answer: `data` itself when a list, else its longest list (`data.users`, `data.docs`...). */
function rowsIn(body: string): number | null {
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    if (Array.isArray(data)) return data.length;
    if (data && typeof data === 'object') {
      const lists = Object.values(data).filter(Array.isArray) as unknown[][];
      return lists.length ? Math.max(...lists.map((l) => l.length)) : null;
    }
    return null;
  } catch {
    return null;
  }
}

async function measure(
  endpoint: Endpoint,
  baseUrl: string,
  token: string,
  samples: Parameters<Endpoint['paths']>[0],
): Promise<EndpointResult> {
  const paths = endpoint.paths(samples);
  const result: EndpointResult = {
    endpoint: {
      name: endpoint.name,
      title: endpoint.title,
      route: endpoint.route,
      p95TargetMs: endpoint.p95TargetMs,
      bareRule: endpoint.bareRule,
    },
    status: 'ok',
    inputs: new Set(paths).size,
    loadAvgBefore: os.loadavg()[0]!,
  };
  say(`${endpoint.name}: ${paths.length} requests to cycle through (${result.inputs} distinct)`);
  // Every input once through the real app, in process: proves the call exists and answers 200,
  // and records its SQL for the bare side.
  const captured: { path: string; queries: Query[] }[] = [];
  const failures: string[] = [];
  for (const p of paths) {
    const c = await capturer!.capture(p, token);
    if (c.status === 404 && c.body.includes('No route')) {
      result.status = 'not built';
      result.note = `${endpoint.route} does not exist on this branch yet`;
      say(`${endpoint.name}: not built`);
      return result;
    }
    if (c.status !== 200) failures.push(`${c.status} ${p}: ${c.body.slice(0, 200)}`);
    else captured.push({ path: p, queries: c.queries });
  }
  if (failures.length) {
    result.note = `${failures.length} of ${paths.length} inputs did not answer 200 (left out of the load), first: ${failures[0]}`;
    say(`${endpoint.name}: ${result.note}`);
  }
  if (!captured.length) {
    result.status = 'error';
    return result;
  }
  const good = captured.map((c) => c.path);

  await loadTest({ baseUrl, token, paths: good, connections: settings.connections, seconds: settings.warmupSeconds });
  result.load = await loadTest({
    baseUrl,
    token,
    paths: good,
    connections: settings.connections,
    seconds: settings.seconds,
    cpu,
  });
  say(
    `${endpoint.name}: p50 ${result.load.p50.toFixed(2)} ms, p95 ${result.load.p95.toFixed(2)} ms, p99 ${result.load.p99.toFixed(2)} ms, ${Math.round(result.load.rps)} req/s, errors ${result.load.errorStatus + result.load.socketErrors}`,
  );

  const withSql = captured.filter((c) => c.queries.length > 0).slice(0, settings.sideInputs);
  if (withSql.length) {
    // The same statements behind the bare Fastify route, registered once per input.
    const items = await Promise.all(
      withSql.map(async (c) => {
        const res = await fetch(`${floor!.url}/statements`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(c.queries),
        });
        return { ...c, barePath: `/bare/${((await res.json()) as { n: number }).n}` };
      }),
    );
    result.side = await sideBySide({
      client,
      baseUrl,
      token,
      items,
      rounds: settings.sideRounds,
      bareFastifyUrl: floor!.url,
    });
    const f = result.side.bareFastify;
    say(
      `${endpoint.name}: one at a time: SQL p50 ${result.side.bare.p50.toFixed(2)} ms, HTTP p50 ${result.side.http.p50.toFixed(2)} ms (×${result.side.ratio.toFixed(2)}; bare Fastify route ${f ? `${f.p50.toFixed(2)} ms (×${(f.p50 / result.side.bare.p50).toFixed(2)})` : '–'}; through Node's http client ${result.side.nodeHttp.p50.toFixed(2)} ms)`,
    );
  } else {
    result.sideSkipped = 'no SQL of its own when warm (answered from the signed-in session or from reused totals)';
  }

  if (endpoint.atPage) {
    // The inputs that have a deep page, and the same inputs at page 1.
    const deepPaths = endpoint.atPage(samples, settings.deepPage);
    const firstPaths = deepPaths.map((p) => withPage(p, 1));
    const pageRun = async (list: string[], page: number): Promise<PageResult | string> => {
      if (!list.length) return `no input has enough rows for page ${page}`;
      const probe = await capturer!.capture(list[0]!, token);
      if (probe.status !== 200) return `page ${page} answered ${probe.status}: ${probe.body.slice(0, 200)}`;
      await loadTest({
        baseUrl,
        token,
        paths: list,
        connections: settings.connections,
        seconds: settings.warmupSeconds,
      });
      const load = await loadTest({
        baseUrl,
        token,
        paths: list,
        connections: settings.connections,
        seconds: settings.pageSeconds,
        cpu,
      });
      return { page, load, inputs: list.length, rows: rowsIn(probe.body) };
    };
    const first = await pageRun(firstPaths, 1);
    const deep = await pageRun(deepPaths, settings.deepPage);
    if (typeof first === 'string' || typeof deep === 'string')
      result.pagesSkipped = typeof first === 'string' ? first : (deep as string);
    else {
      const pairs = firstPaths.map((p, i): [string, string] => [p, deepPaths[i]!]).slice(0, settings.sideInputs);
      const both = await alternate({ baseUrl, token, pairs, rounds: settings.sideRounds });
      result.pages = { first, deep, oneAtATime: both };
      say(
        `${endpoint.name}: under load page 1 p50 ${first.load.p50.toFixed(2)} ms / page ${settings.deepPage} p50 ${deep.load.p50.toFixed(2)} ms (${deep.rows} rows); one at a time ${both.a.p50.toFixed(2)} / ${both.b.p50.toFixed(2)} ms`,
      );
    }
  }
  return result;
}
