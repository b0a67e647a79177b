/**
 * Sustained load (issue 12, "Load"): 200 signed-in staff sessions for 60 s over the mix of the
 * real screens' calls (bench/lib/load-mix.ts). Goal: 0 errors, p99 recorded (≤ 200 ms on the
 * 2-core machine). See bench/README.md ("Load").
 *
 *   DATA_DIR=/work/load-data PORT=8291 npx tsx bench/load.ts [--sessions 200] [--seconds 60] [--warmup 5]
 *     [--think 500-1500] [--timeout 30] [--url http://127.0.0.1:8291 --pid <API pid>] [--out file.md] [--note "..."]
 *
 * Without --url it starts the API as it runs in production (node --import tsx apps/api/src/main.ts)
 * on DATA_DIR (or DATABASE_URL) with the demo data (generated on the first start: DEMO_USERS,
 * default 3,000), its worker on (as in production: the Bots screen asks for the scheduler) and
 * the local chain off, and stops it afterwards. With --url it loads
 * an API already running on that database (the bench still opens the database to sample inputs and
 * write the sessions). Writes bench/results/<date>-load.md and .json.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config/config';
import { createCpuMeter } from './lib/cpu';
import { loadMixInputs, spreadRoles, writeScreens } from './lib/load-mix';
import { createLoadSessions, runLoad, type LoadResult } from './lib/load-runner';
import { startServer, type Server } from './lib/server';
import { ms } from './lib/stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg: string) => process.stdout.write(`[bench:load] ${msg}\n`);
const P99_GOAL_MS = 200;

const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    think: { type: 'string', default: '500-1500' },
    timeout: { type: 'string', default: '30' },
    url: { type: 'string' },
    pid: { type: 'string' },
    out: { type: 'string' },
    note: { type: 'string' },
    writes: { type: 'string', default: '0' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  say(
    'usage: DATA_DIR=<data folder> PORT=8291 npx tsx bench/load.ts [--sessions 200] [--seconds 60] [--warmup 5] [--think 500-1500] [--timeout 30] [--url http://host:port] [--pid <API pid>] [--out file.md] [--note "..."] [--writes 25]',
  );
  process.exit(0);
}
const num = (v: string | undefined, name: string, min = 0) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number of at least ${min}`);
  return n;
};
const thinkMatch = /^(\d+)(?:-(\d+))?$/.exec(args.think ?? '');
if (!thinkMatch)
  throw new Error('--think is a pause in ms between two screens, or a range: 500-1500 (0: a closed loop)');
const settings = {
  sessions: num(args.sessions, 'sessions', 1),
  seconds: num(args.seconds, 'seconds', 1),
  warmup: num(args.warmup, 'warmup'),
  think: [Number(thinkMatch[1]), Number(thinkMatch[2] ?? thinkMatch[1])] as [number, number],
  timeoutMs: num(args.timeout, 'timeout', 1) * 1000,
  /** Weight of the opt-in audited write (load-mix.ts writeScreens) among the screens' ~105; 0: reads only. */
  writes: num(args.writes, 'writes'),
};
if (settings.think[1] < settings.think[0]) throw new Error('--think: the range goes from low to high');

if (!process.env.DATA_DIR && !process.env.DATABASE_URL) {
  throw new Error(
    'set DATA_DIR (a data folder outside the repository, e.g. /work/load-data) or DATABASE_URL: the bench never runs on the development database by accident',
  );
}
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: process.env.PORT ?? '8291',
  NODE_ENV: 'development',
  SEED_DEMO: 'true',
  // As in production: the worker (pg-boss, the bots' scheduler) runs beside the API; the Bots
  // screen asks for its heartbeat. No local chain: a production API reads a remote node.
  WORKER: process.env.WORKER ?? 'true',
  CHAIN: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const config = loadConfig(env);
const databaseUrl = config.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${config.pgPort}/vaultdesk`;

let server: Server | null = null;
const db = new pg.Client({ connectionString: databaseUrl });
let connected = false;
try {
  const url = (args.url ?? process.env.BENCH_URL)?.replace(/\/$/, '');
  if (!url) server = await startServer({ env, port: config.port, log: say });
  const baseUrl = url ?? server!.url;
  const serverPid = server?.pid ?? (args.pid ? Number(args.pid) : undefined);
  await db.connect();
  connected = true;

  const inputs = await loadMixInputs(db);
  const counts = (
    await db.query<{ users: number; kyc: number; queue: number; withdrawals: number; ledger: number }>(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM kyc_records)::int AS kyc,
            (SELECT count(*) FROM queue_items)::int AS queue, (SELECT count(*) FROM withdrawal_requests)::int AS withdrawals,
            (SELECT count(*) FROM ledger_entries)::int AS ledger`,
    )
  ).rows[0]!;
  const pgVersion = (await db.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v.split(' on ')[0]!;
  say(
    `dataset: ${counts.users} users, ${counts.kyc} KYC records, ${counts.queue} queue items; ${inputs.users.length} sampled customers`,
  );

  const roles = spreadRoles(settings.sessions);
  const access = await createLoadSessions(db, roles);
  say(
    `${roles.length} sessions: ${[...new Set(roles)].map((r) => `${roles.filter((x) => x === r).length} ${r}`).join(', ')}`,
  );
  const cpu = createCpuMeter({
    serverPid,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  const loadBefore = os.loadavg();
  const startedAt = new Date().toISOString();
  let result: LoadResult;
  let cpuPerRequest: { apiUs: number | null; pgUs: number | null } | null = null;
  try {
    const stop = cpu?.start();
    result = await runLoad({
      baseUrl,
      sessions: access.sessions,
      inputs,
      seconds: settings.seconds,
      warmupSeconds: settings.warmup,
      thinkMs: settings.think,
      timeoutMs: settings.timeoutMs,
      onProgress: say,
      extraScreens: settings.writes > 0 ? writeScreens(settings.writes) : [],
    });
    cpuPerRequest = stop ? stop(result.requests) : null;
  } finally {
    await access.end();
  }
  const finishedAt = new Date().toISOString();
  const loadAfter = os.loadavg();
  const m = result.measured;
  say(
    `${result.requests} answers, ${result.errors} errors; measured ${m.count} at ${m.rps.toFixed(0)}/s: p50 ${ms(m.p50)} p95 ${ms(m.p95)} p99 ${ms(m.p99)} max ${ms(m.max)} ms`,
  );

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root }).toString().trim()
    ? ' (with uncommitted changes in the tree)'
    : '';
  const machine = {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model ?? 'unknown CPU',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: pgVersion,
    loadAvgBefore: loadBefore,
    loadAvgAfter: loadAfter,
  };
  const info = {
    startedAt,
    finishedAt,
    code: `${commit}${dirty}`,
    note: args.note ?? null,
    machine,
    settings,
    server: server
      ? `started by the bench (pid ${server.pid}), pool ${config.pgPoolSize} connections, worker ${config.runWorker ? 'on' : 'off'}, local chain off`
      : `${baseUrl} (already running)`,
    dataset: counts,
    cpuPerRequest,
  };
  const when = startedAt.slice(0, 10);
  const out = args.out ?? path.join(root, 'bench/results', `${when}-load.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${report(info, result)}\n`);
  writeFileSync(out.replace(/\.md$/, '.json'), `${JSON.stringify({ ...info, result }, null, 2)}\n`);
  say(`results: ${path.relative(root, out)} (and .json)`);
  if (result.errors > 0) process.exitCode = 1;
} finally {
  // The connection first: stopping the API stops its embedded PostgreSQL under it.
  if (connected) await db.end();
  await server?.stop();
}

type Info = {
  startedAt: string;
  finishedAt: string;
  code: string;
  note: string | null;
  server: string;
  machine: {
    cpus: number;
    model: string;
    memoryGb: number;
    node: string;
    postgres: string;
    loadAvgBefore: number[];
    loadAvgAfter: number[];
  };
  settings: typeof settings;
  dataset: Record<string, number>;
  cpuPerRequest: { apiUs: number | null; pgUs: number | null } | null;
};

function report(info: Info, r: LoadResult): string {
  const m = r.measured;
  const la = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  const int = (n: number) => Math.round(n).toLocaleString('en-US');
  const pass = r.errors === 0 && m.p99 <= P99_GOAL_MS;
  const lines = [
    `# Load: ${r.sessions} signed-in sessions for ${r.seconds} s: ${info.startedAt.slice(0, 10)}`,
    '',
    `Run ${info.startedAt} → ${info.finishedAt} (UTC) with \`bench/load.ts\`; re-run it as \`bench/README.md\` ("Load") says. Code measured: ${info.code}.`,
    '',
    ...(info.note ? [info.note, ''] : []),
    '## Result',
    '',
    `- **Errors: ${r.errors}** of ${int(r.requests)} answers (any answer other than 2xx, a network error or no answer within ${info.settings.timeoutMs / 1000} s; warm-up included).`,
    `- **p99 ${ms(m.p99)} ms** (goal ≤ ${P99_GOAL_MS} ms): ${pass ? '**met**' : r.errors ? '**not met (errors)**' : '**not met**'}; p50 ${ms(m.p50)} ms, p95 ${ms(m.p95)} ms, max ${ms(m.max)} ms, mean ${ms(m.mean)} ms over the ${int(m.count)} answers of the ${r.seconds} measured seconds.`,
    `- Throughput: ${m.rps.toFixed(0)} answers/s${info.cpuPerRequest ? `; CPU per answer: API ${info.cpuPerRequest.apiUs === null ? '–' : int(info.cpuPerRequest.apiUs)} µs + PostgreSQL ${info.cpuPerRequest.pgUs === null ? '–' : int(info.cpuPerRequest.pgUs)} µs` : ''}.`,
    '',
    '## How it ran',
    '',
    `- ${r.sessions} sessions (${r.byRole.map((x) => `${x.sessions} ${x.role}`).join(', ')}), each a staff account of that role with its own session and its own keep-alive connections (at most 6, as a browser), opening screen after screen: a screen's calls at once, as the page sends them, then a pause of ${r.thinkMs[0]}-${r.thinkMs[1]} ms before the next screen. ${r.warmupSeconds} s of warm-up (errors counted, latencies not), then ${r.seconds} s measured.`,
    `- The mix: bench/lib/load-mix.ts, the calls each web screen sends on opening (dashboard, user search and lists, profiles, KYC lists, cases and suspects, compliance lists, reports, queues, withdraw-out, team, settings, bots, audit trail...), each session only the calls its role may make (so any 403 is an error). ${info.settings.writes > 0 ? `Reads, plus an audited write (own-profile-save: PUT /v1/admin/profile, weight ${info.settings.writes}).` : 'Reads only.'}`,
    `- Server: ${info.server}. The load client runs on the same machine and its own CPU time is inside the latencies.`,
    `- Dataset: ${Object.entries(info.dataset)
      .map(([k, v]) => `${int(v)} ${k}`)
      .join(', ')}.`,
    `- Machine: ${info.machine.cpus} × ${info.machine.model}, ${info.machine.memoryGb} GB, Node ${info.machine.node}, ${info.machine.postgres}. Load average before ${la(info.machine.loadAvgBefore)}, after ${la(info.machine.loadAvgAfter)}.`,
    '',
    '## Per route (measured seconds)',
    '',
    '| route | answers | errors | p50 ms | p95 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.routes.map(
      (x) =>
        `| \`${x.route}\` | ${int(x.count)} | ${x.errors} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.p99)} | ${ms(x.max)} |`,
    ),
    '',
    '## Screens opened',
    '',
    r.screens.map((s) => `${s.name} ${int(s.visits)}`).join(' · '),
    '',
  ];
  if (r.errorSamples.length) {
    lines.push('## Errors (first ones)', '', '| role | status | request | message |', '| --- | ---: | --- | --- |');
    for (const e of r.errorSamples)
      lines.push(`| ${e.role} | ${e.status ?? 'no answer'} | \`${e.path}\` | ${e.message.replace(/\|/g, '\\|')} |`);
    lines.push('');
  }
  return lines.join('\n');
}
