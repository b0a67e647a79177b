/**
 * The reconciliation report on the million-user bench database, as it runs now: the API as in
 * production (worker inside), a Super Admin presses Run now (POST /v1/admin/reconciliation/runs),
 * the worker's job computes the run on its own connection, the page polls until it is done. It
 * records how long a run takes (and each part), what it finds, what reading the stored run costs
 * (the page's GET, a deep page of rows), and above all what the screens' calls cost while a run is
 * going against without one. Not part of `npm test`.
 *
 *   flock /work/bench.lock env DATA_DIR=/work/bench-data PORT=8277 npx tsx bench/reconciliation.ts [--rounds 2] [--clients 4]
 *
 * DATA_DIR starts the API (and its embedded PostgreSQL) on that folder; BENCH_URL measures an API
 * already running on it instead. No chain: the saved batches are compared with the database only ("not checked").
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { ReconciliationRun, ReconciliationState } from '@vaultdesk/contract';
import { loadConfig } from '../apps/api/src/config/config';
import { startServer, type Server } from './lib/server';
import { signIn } from './lib/session';

const say = (msg: string) => process.stdout.write(`[bench:reconciliation] ${msg}\n`);
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    clients: { type: 'string', default: '4' },
    idle: { type: 'string', default: '20' },
    out: { type: 'string' },
    // Against an API of before the change (BENCH_URL; commit f7a915e), whose GET computed the report inside the request:
    // the screen calls while that request runs, for comparison. Prints the figures only.
    legacy: { type: 'boolean', default: false },
  },
});
if (!process.env.DATA_DIR && !process.env.DATABASE_URL && !process.env.BENCH_URL) {
  throw new Error(
    'set DATA_DIR (the bench data folder, outside the repository) or DATABASE_URL: the bench never runs on the development database by accident',
  );
}
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'development',
  SEED_DEMO: 'true',
  // As in production: the worker runs inside the API process and computes the run.
  WORKER: 'true',
  CHAIN: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
if (args.legacy && !process.env.BENCH_URL)
  throw new Error('--legacy measures an API of before the change that you started: set BENCH_URL');
const config = loadConfig(env);
const databaseUrl = config.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${config.pgPort}/vaultdesk`;
const rounds = Number(args.rounds);
const clients = Number(args.clients);
const idleSeconds = Number(args.idle);

/** What the screens ask while staff work: a page of customers (of the most populous country), the audit trail, the dashboard's figures. */
let SCREEN_CALLS: string[] = [];

const pct = (v: number[], p: number) => {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const f = (n: number) => (Number.isNaN(n) ? '—' : n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n.toFixed(1)} ms`);

let server: Server | null = null;
const db = new pg.Client({ connectionString: databaseUrl });
try {
  const url = process.env.BENCH_URL?.replace(/\/$/, '');
  if (!url) server = await startServer({ env, port: config.port, log: say });
  const baseUrl = url ?? server!.url;
  await db.connect();
  const token = await signIn(baseUrl);
  const headers = { authorization: `Bearer ${token}` };
  const timed = async (p: string, init: RequestInit = {}) => {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${p}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
    const body = await res.text();
    return { ms: performance.now() - t0, status: res.status, body };
  };

  const {
    rows: [counts],
  } = await db.query<Record<string, string>>(`
    SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM wallets) AS wallets, (SELECT count(*) FROM wallet_balances) AS balances,
           (SELECT count(*) FROM ledger_entries) AS ledger, (SELECT count(*) FROM wallet_transactions) AS transactions,
           (SELECT count(*) FROM savings_plans) AS plans, (SELECT count(*) FROM savings_lock_entries) AS holds, (SELECT count(*) FROM batches) AS batches`);
  const poolSize = config.pgPoolSize;
  const {
    rows: [country],
  } = await db.query<{ code: string }>(
    `SELECT residence_country AS code FROM users TABLESAMPLE SYSTEM (1) REPEATABLE (7) WHERE residence_country IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
  );
  SCREEN_CALLS = [
    `/v1/admin/users?countryType=residence&countryCode=${country!.code}&page=1&pageSize=10`,
    '/v1/admin/audit-logs?page=1',
    '/v1/admin/dashboard',
  ];
  for (const call of SCREEN_CALLS) {
    const r = await timed(call);
    if (r.status !== 200) throw new Error(`${call} answered ${r.status}: ${r.body.slice(0, 300)}`);
  }

  /** `clients` loops of screen calls until `until` resolves; every answer must be 200. */
  const screens = async (until: Promise<unknown>) => {
    let done = false;
    void until.finally(() => {
      done = true;
    });
    const lat: number[] = [];
    const byCall: number[][] = SCREEN_CALLS.map(() => []);
    let errors = 0;
    await Promise.all(
      Array.from({ length: clients }, async (_, k) => {
        for (let i = k; !done; i++) {
          const n = i % SCREEN_CALLS.length;
          const r = await timed(SCREEN_CALLS[n]!);
          if (r.status !== 200) errors++;
          lat.push(r.ms);
          byCall[n]!.push(r.ms);
        }
      }),
    );
    return { lat, byCall, errors };
  };

  if (args.legacy) {
    for (let round = 0; round < rounds; round++) {
      const idle = await screens(sleep(idleSeconds * 1000));
      const t0 = performance.now();
      const report = timed('/v1/admin/reconciliation?pageSize=20');
      const busy = await screens(report);
      const r = await report;
      const line = (name: string, v: number[]) =>
        `| ${name} | ${v.length} | ${f(pct(v, 50))} | ${f(pct(v, 95))} | ${f(pct(v, 99))} | ${f(Math.max(...v))} |`;
      say(
        `legacy round ${round + 1}: the report request ${f(performance.now() - t0)} (${r.status}); errors ${idle.errors + busy.errors}\n${[
          line('all, without the report', idle.lat),
          line('all, while the report request runs', busy.lat),
          ...SCREEN_CALLS.flatMap((c, n) => [
            line(`${c.split('?')[0]}, without`, idle.byCall[n]!),
            line(`${c.split('?')[0]}, while the report request runs`, busy.byCall[n]!),
          ]),
        ].join('\n')}`,
      );
    }
    // Nothing else to measure on that API (it has no runs); the API is the caller's to stop.
    await db.end();
    process.exit(0);
  }

  type Round = {
    runMs: number;
    queuedMs: number;
    steps: Record<string, number>;
    idle: number[];
    busy: number[];
    idleBy: number[][];
    busyBy: number[][];
    errors: number;
    state: ReconciliationState;
  };
  const results: Round[] = [];
  for (let round = 0; round < rounds; round++) {
    // Without a run: the same calls for `idle` seconds.
    const idle = await screens(sleep(idleSeconds * 1000));
    // Run now, then the page's polling (every 2 s) until the run is done; the screens go on meanwhile.
    const started = await timed('/v1/admin/reconciliation/runs', { method: 'POST' });
    if (started.status !== 202) throw new Error(`Run now answered ${started.status}: ${started.body}`);
    const run = (JSON.parse(started.body) as { data: ReconciliationRun }).data;
    const steps: Record<string, number> = {};
    let lastStep: string | null = null;
    let stepAt = performance.now();
    const poll = (async () => {
      for (;;) {
        await sleep(500);
        const {
          rows: [r],
        } = await db.query<{ status: string; step: string | null }>(
          `SELECT status, step FROM reconciliation_runs WHERE id = $1`,
          [run.id],
        );
        if (r!.step !== lastStep) {
          const now = performance.now();
          if (lastStep) steps[lastStep] = now - stepAt;
          lastStep = r!.step;
          stepAt = now;
        }
        if (r!.status === 'done' || r!.status === 'failed') {
          if (lastStep) steps[lastStep] = performance.now() - stepAt;
          return r!.status;
        }
      }
    })();
    const busy = await screens(poll);
    if ((await poll) !== 'done')
      throw new Error(
        `the run failed: ${JSON.stringify((await db.query(`SELECT error FROM reconciliation_runs WHERE id = $1`, [run.id])).rows[0])}`,
      );
    const {
      rows: [times],
    } = await db.query<{ run_ms: number; queued_ms: number }>(
      `SELECT extract(epoch FROM finished_at - started_at) * 1000 AS run_ms, extract(epoch FROM started_at - requested_at) * 1000 AS queued_ms FROM reconciliation_runs WHERE id = $1`,
      [run.id],
    );
    const page = await timed('/v1/admin/reconciliation?pageSize=20');
    const state = (JSON.parse(page.body) as { data: ReconciliationState }).data;
    results.push({
      runMs: Number(times!.run_ms),
      queuedMs: Number(times!.queued_ms),
      steps,
      idle: idle.lat,
      busy: busy.lat,
      idleBy: idle.byCall,
      busyBy: busy.byCall,
      errors: idle.errors + busy.errors,
      state,
    });
    say(
      `round ${round + 1}: run ${f(Number(times!.run_ms))} (${Object.entries(steps)
        .map(([k, v]) => `${k} ${f(v)}`)
        .join(
          ', ',
        )}); screens idle p50 ${f(pct(idle.lat, 50))} p95 ${f(pct(idle.lat, 95))}, during the run p50 ${f(pct(busy.lat, 50))} p95 ${f(pct(busy.lat, 95))} max ${f(Math.max(...busy.lat))}; errors ${idle.errors + busy.errors}`,
    );
  }

  // Reading the stored run: the page's GET, and pages of the flags deep in the run.
  const last = results.at(-1)!.state.latest!;
  const s = last.report;
  const pageGets: number[] = [];
  for (let i = 0; i < 20; i++) pageGets.push((await timed('/v1/admin/reconciliation?pageSize=20')).ms);
  const keptFlags = Math.min(s.flagged.total, 10_000);
  const deepPage = Math.max(1, Math.ceil(keptFlags / 20));
  const deep: number[] = [];
  for (let i = 0; i < 20; i++)
    deep.push((await timed(`/v1/admin/reconciliation/rows?kind=flagged&page=${deepPage}&run=${last.id}`)).ms);
  const second: number[] = [];
  for (let i = 0; i < 20; i++)
    second.push((await timed(`/v1/admin/reconciliation/rows?kind=flagged&page=2&run=${last.id}`)).ms);
  const {
    rows: [stored],
  } = await db.query<{ n: number; bytes: string }>(
    `SELECT count(*)::int AS n, pg_size_pretty(sum(pg_column_size(row))) AS bytes FROM reconciliation_rows WHERE run_id = $1`,
    [last.id],
  );

  const idleAll = results.flatMap((r) => r.idle);
  const busyAll = results.flatMap((r) => r.busy);
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
  const md = `# Reconciliation runs on the million-user data (${new Date().toISOString().slice(0, 10)})

\`bench/reconciliation.ts\`: the API as in production (worker inside, pool of ${poolSize} connections), ${rounds} rounds, ${os.cpus().length} cores
(load average at the end ${load}), no chain (batches compared with the database only). Each round: ${idleSeconds} s of screen calls
without a run, then Run now (POST /v1/admin/reconciliation/runs) and the same screen calls until the run is done.
The run is the worker's job: the four parts one after the other on one connection of its own (not the API's pool),
each one statement in a REPEATABLE READ READ ONLY transaction with \`work_mem\` 256 MB; then its rows are stored.

Data: ${Object.entries(counts!)
    .map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`)
    .join(', ')}.

| round | run (started to done) | waited in the queue | ledger | flags | holds | batches and storing (— under the 0.5 s poll) |
|---|---|---|---|---|---|---|
${results.map((r, i) => `| ${i + 1} | ${f(r.runMs)} | ${f(r.queuedMs)} | ${f(r.steps.ledger ?? NaN)} | ${f(r.steps.flagged ?? NaN)} | ${f(r.steps.holds ?? NaN)} | ${f(r.steps.batches ?? NaN)} |`).join('\n')}

Screen calls (${SCREEN_CALLS.join(', ')}), ${clients} clients each sending them in turn without pause, all rounds:

| | calls | p50 | p95 | p99 | max | errors |
|---|---|---|---|---|---|---|
| all, without a run | ${idleAll.length} | ${f(pct(idleAll, 50))} | ${f(pct(idleAll, 95))} | ${f(pct(idleAll, 99))} | ${f(Math.max(...idleAll))} | ${results.reduce((n, r) => n + r.errors, 0)} (all rows) |
| all, while a run is going | ${busyAll.length} | ${f(pct(busyAll, 50))} | ${f(pct(busyAll, 95))} | ${f(pct(busyAll, 99))} | ${f(Math.max(...busyAll))} | |
${SCREEN_CALLS.flatMap((call, n) => {
  const idle = results.flatMap((r) => r.idleBy[n]!);
  const busy = results.flatMap((r) => r.busyBy[n]!);
  const name = call.split('?')[0];
  return [
    `| ${name}, without a run | ${idle.length} | ${f(pct(idle, 50))} | ${f(pct(idle, 95))} | ${f(pct(idle, 99))} | ${f(Math.max(...idle))} | |`,
    `| ${name}, while a run is going | ${busy.length} | ${f(pct(busy, 50))} | ${f(pct(busy, 95))} | ${f(pct(busy, 99))} | ${f(Math.max(...busy))} | |`,
  ];
}).join('\n')}

Reading the stored run (one request at a time, 20 each):

| call | p50 | max |
|---|---|---|
| GET /v1/admin/reconciliation (the page: latest run, first pages, current run) | ${f(pct(pageGets, 50))} | ${f(Math.max(...pageGets))} |
| rows, flags page 2 | ${f(pct(second, 50))} | ${f(Math.max(...second))} |
| rows, flags page ${deepPage} (the last kept) | ${f(pct(deep, 50))} | ${f(Math.max(...deep))} |

Stored: ${stored!.n.toLocaleString('en')} rows (${stored!.bytes}) for the last run.

What it found: ${s.ledger.users.toLocaleString('en')} users, ${s.ledger.wallets.toLocaleString('en')} wallets, ${s.ledger.balances.toLocaleString('en')} balances checked,
ledger drift ${s.ledger.drift}; ${s.flagged.total.toLocaleString('en')} flagged over ${s.tolerance} (${s.flagged.explained.toLocaleString('en')} explained by ledger rows posted twice,
${s.flagged.unexplained} unexplained); ${s.holds.plans.toLocaleString('en')} plans with holds or locks, drift ${s.holds.drift}; batches: ${s.batches.saved} saved
(${s.batches.notChecked} not checked without a chain), ${s.batches.history.toLocaleString('en')} history records. **Unexplained: ${s.unexplained}.**
`;
  const out = args.out ?? `bench/results/${new Date().toISOString().slice(0, 10)}-reconciliation-runs-1m.md`;
  writeFileSync(out, md);
  console.log(md);
} finally {
  await db.end().catch(() => undefined);
  await server?.stop();
}
