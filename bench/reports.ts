/**
 * Reports speed bench (reports issue, "Speed"): every report call over date windows of 1 day to
 * the whole range at 16 concurrent requests (p50/p95/p99), and page 1 against a deep page of the
 * transaction lists. Needs no external load tool: 16 keep-alive connections of the lean HTTP/1.1
 * client (bench/lib/http1.ts), each sending its next request when the previous answer is in.
 *
 *   DATA_DIR=/work/bench-data PORT=8277 npx tsx bench/reports.ts [--connections 16] [--seconds 10] [--warmup 2] [--timeout 15] [--only a,b] [--out file.md]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { REPORT_DEFAULT_START, REPORT_MAX_PAGE } from '@vaultdesk/contract';
import { loadConfig } from '../apps/api/src/config/config';
import { leanConnection, type OneConnection } from './lib/http1';
import { startServer, type Server } from './lib/server';
import { signIn } from './lib/session';
import { ms, percentile, rng } from './lib/stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg: string) => process.stdout.write(`[reports-bench] ${msg}\n`);
const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    only: { type: 'string' },
    out: { type: 'string' },
    note: { type: 'string' },
    timeout: { type: 'string', default: '15' },
  },
});
const connections = Number(args.connections);
const seconds = Number(args.seconds);
const warmup = Number(args.warmup);
/** Per request: an answer slower than this counts as an error and its connection is replaced. */
const timeoutMs = Number(args.timeout) * 1000;
if (!process.env.DATA_DIR && !process.env.DATABASE_URL)
  throw new Error('set DATA_DIR (the bench data folder) or DATABASE_URL');

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: process.env.PORT ?? '8277',
  NODE_ENV: 'development',
  SEED_DEMO: 'true',
  WORKER: 'false',
  LOG_LEVEL: 'warn',
};
const config = loadConfig(env);
const databaseUrl = config.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${config.pgPort}/vaultdesk`;

type Window = { start: string; end: string };
const day = (d: Date) => d.toISOString().slice(0, 10);
const today = day(new Date());
const q = (p: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(p).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** The whole range, then windows of 1 day to 2 years at fixed pseudo-random places. */
const windows = (): Window[] => {
  const r = rng(11);
  const first = Date.parse(REPORT_DEFAULT_START);
  const out: Window[] = [{ start: REPORT_DEFAULT_START, end: today }];
  for (let i = 0; i < 120; i++) {
    const len = r.pick([1, 7, 30, 90, 365, 730]);
    const startMs = first + r.next() * Math.max(0, Date.now() - first - len * 86_400_000);
    out.push({
      start: day(new Date(startMs)),
      end: day(new Date(Math.min(Date.now(), startMs + (len - 1) * 86_400_000))),
    });
  }
  return out;
};
/** Days a path's start..end covers (weeks=N counts as N weeks). */
const spanDays = (p: string) => {
  const u = new URL(p, 'http://x');
  const weeks = u.searchParams.get('weeks');
  if (weeks) return Number(weeks) * 7;
  return (
    (Date.parse(u.searchParams.get('end') ?? today) - Date.parse(u.searchParams.get('start') ?? REPORT_DEFAULT_START)) /
    86_400_000
  );
};
const somePage = (i: number) => [1, 1, 1, 2, 3, 1, 5, 2, 10, 20][i % 10]!;

/** `eachRange`: the call keeps a ranking per range (report-ranges.ts), computed on that range's first request. */
type Call = { name: string; title: string; paths: (w: Window[]) => string[]; eachRange?: true };
const CALLS: Call[] = [
  {
    name: 'savings',
    title: 'Transactions, Savings Txs',
    paths: (w) => w.map((x, i) => `/v1/admin/transactions?${q({ type: 'savings', ...x, page: somePage(i) })}`),
  },
  {
    name: 'wallet',
    title: 'Transactions, Wallet Txs',
    paths: (w) => w.map((x, i) => `/v1/admin/transactions?${q({ type: 'wallet', ...x, page: somePage(i) })}`),
  },
  {
    name: 'wallet-state',
    title: 'Wallet Txs filtered by state',
    paths: (w) =>
      w.map(
        (x, i) => `/v1/admin/transactions?${q({ type: 'wallet', transactionState: i % 5, ...x, page: somePage(i) })}`,
      ),
  },
  {
    name: 'group',
    title: 'Total Savings per user (grouped)',
    paths: (w) => w.map((x, i) => `/v1/admin/transactions/group?${q({ ...x, page: somePage(i) })}`),
    eachRange: true,
  },
  {
    name: 'group-whole',
    title: 'Grouped totals, whole range',
    paths: () =>
      [1, 2, 3, 5, 10].map(
        (page) => `/v1/admin/transactions/group?${q({ start: REPORT_DEFAULT_START, end: today, page })}`,
      ),
  },
  {
    name: 'fees',
    title: 'Accounts, gas fees collected',
    paths: (w) => w.map((x, i) => `/v1/admin/fees-collectedby-vlt?${q({ ...x, page: somePage(i) })}`),
  },
  {
    name: 'gas',
    title: 'Accounts, gas fees spent',
    paths: (w) => w.map((x, i) => `/v1/admin/gas-fees-spent?${q({ ...x, page: somePage(i) })}`),
  },
  { name: 'financials', title: 'Financials', paths: (w) => w.map((x) => `/v1/admin/financials?${q(x)}`) },
  {
    name: 'payouts',
    title: 'Referral payouts',
    paths: (w) => w.map((x, i) => `/v1/admin/referral-payouts?${q({ ...x, page: somePage(i) })}`),
    eachRange: true,
  },
  {
    name: 'growth',
    title: 'Weekly growth',
    paths: () => [4, 8, 12, 26, 52].map((weeks) => `/v1/admin/growth-report?weeks=${weeks}`),
  },
  {
    name: 'features',
    title: 'Feature usage',
    paths: () => [4, 8, 12, 26, 52].map((weeks) => `/v1/admin/feature-report?weeks=${weeks}`),
  },
];

/**
 * Closed loop: `conns` connections, each cycling through `paths`, for `secs` seconds. A request
 * that gets no answer within --timeout seconds counts as an error (reported as a timeout), and its
 * connection is replaced by a new one, so one stuck answer cannot stall the run.
 */
async function load(conns: OneConnection[], paths: string[], secs: number, used = conns.length) {
  const times: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let firstError: string | null = null;
  const stopAt = performance.now() + secs * 1000;
  const t0 = performance.now();
  await Promise.all(
    conns.slice(0, used).map(async (_, ci) => {
      for (let i = ci; performance.now() < stopAt; i += used) {
        try {
          times.push(await conns[ci]!.get(paths[i % paths.length]!));
        } catch (e) {
          errors++;
          if (String(e).includes('timeout')) timeouts++;
          firstError ??= String(e);
          if (String(e).includes('closed')) {
            conns[ci]!.close();
            conns[ci] = await connect();
          }
        }
      }
    }),
  );
  return { times, errors, timeouts, firstError, rps: times.length / ((performance.now() - t0) / 1000) };
}

let server: Server | null = null;
const conns: OneConnection[] = [];
let connect: () => Promise<OneConnection> = () => Promise.reject(new Error('not signed in yet'));
try {
  const baseUrl =
    process.env.BENCH_URL?.replace(/\/$/, '') ?? (server = await startServer({ env, port: config.port, log: say })).url;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts: Record<string, number> = {};
  for (const t of ['users', 'wallet_transactions', 'savings_transactions', 'fee_records', 'gas_records', 'referrals']) {
    counts[t] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0]!.n;
  }
  await client.end();
  say(`dataset: ${JSON.stringify(counts)}`);
  const token = await signIn(baseUrl);
  connect = () => leanConnection(baseUrl, token, { timeoutMs });
  for (let i = 0; i < connections; i++) conns.push(await connect());
  const w = windows();
  const only = args.only ? new Set(args.only.split(',')) : null;
  const rows: string[] = [];
  const firstRequests: string[] = [];
  const rankings: string[] = [];
  for (const call of CALLS.filter((c) => !only || only.has(c.name))) {
    const paths = call.paths(w);
    // The first request over the widest input computes the report buckets it reads (once per
    // dataset); timed on its own, with no timeout, and not part of the figures below.
    const primer = await leanConnection(baseUrl, token);
    const widest = [...paths].sort((a, b) => spanDays(b) - spanDays(a))[0]!;
    try {
      const first = await primer.get(widest);
      say(`${call.name}: first request ${ms(first)} ms (${widest})`);
      firstRequests.push(`| ${call.title} | ${widest.replace(/^\/v1\/admin\//, '')} | ${ms(first)} |`);
    } finally {
      primer.close();
    }
    if (call.eachRange) {
      // Every other range's first request ranks it (the whole range reads maintained totals):
      // timed one by one, not part of the figures below.
      const ranges = [...new Set(paths.map((p) => p.replace(/&page=\d+/, '&page=1')))];
      const primer = await leanConnection(baseUrl, token);
      const times: number[] = [];
      try {
        for (const p of ranges) times.push(await primer.get(p));
      } finally {
        primer.close();
      }
      const sorted = [...times].sort((a, b) => a - b);
      say(
        `${call.name}: first request of each of ${ranges.length} ranges: median ${ms(percentile(sorted, 50))} ms, max ${ms(sorted[sorted.length - 1]!)} ms`,
      );
      rankings.push(
        `| ${call.title} | ${ranges.length} | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 95))} | ${ms(sorted[sorted.length - 1]!)} | ${(times.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} |`,
      );
    }
    await load(conns, paths, warmup);
    const r = await load(conns, paths, seconds);
    const p95 = percentile(r.times, 95);
    // One request at a time: the call's own cost, without the queueing of 16 at once.
    const single = await load(conns, paths, seconds / 2, 1);
    say(
      `${call.name}: p50 ${ms(percentile(r.times, 50))} p95 ${ms(p95)} p99 ${ms(percentile(r.times, 99))} ms, ${r.rps.toFixed(0)} req/s, ${r.errors} errors (${r.timeouts} timeouts)${r.firstError ? ` (${r.firstError})` : ''}; alone p50 ${ms(percentile(single.times, 50))} ms`,
    );
    rows.push(
      `| ${call.title} | ${paths.length} | ${r.times.length} | ${ms(percentile(r.times, 50))} | **${ms(p95)}** | ${ms(percentile(r.times, 99))} | ${r.rps.toFixed(0)} | ${r.errors} | ${p95 <= 25 ? 'yes' : 'no'} | ${ms(percentile(single.times, 50))} / ${ms(percentile(single.times, 95))} |`,
    );
  }

  // Page 1 against the deepest page the lists allow, whole range, under load one after the other.
  // The deep page must hold rows: an empty page would prove nothing.
  const whole = { start: REPORT_DEFAULT_START, end: today };
  const DEEP: { name: string; at: (page: number) => string }[] = [
    { name: 'savings', at: (page) => `/v1/admin/transactions?${q({ type: 'savings', ...whole, page })}` },
    { name: 'wallet', at: (page) => `/v1/admin/transactions?${q({ type: 'wallet', ...whole, page })}` },
    { name: 'grouped totals', at: (page) => `/v1/admin/transactions/group?${q({ ...whole, page })}` },
    { name: 'fees collected', at: (page) => `/v1/admin/fees-collectedby-vlt?${q({ ...whole, page })}` },
    { name: 'gas spent', at: (page) => `/v1/admin/gas-fees-spent?${q({ ...whole, page })}` },
    { name: 'referral payouts', at: (page) => `/v1/admin/referral-payouts?${q({ ...whole, page })}` },
  ];
  const pageRows: string[] = [];
  for (const list of DEEP) {
    const deepAnswer = await fetch(`${baseUrl}${list.at(REPORT_MAX_PAGE)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const deepBody = (await deepAnswer.json()) as { data?: { records?: unknown[] } };
    const deepRows = deepBody.data?.records?.length ?? 0;
    const one = await load(conns, [list.at(1)], seconds / 2);
    const deep = await load(conns, [list.at(REPORT_MAX_PAGE)], seconds / 2);
    // One request at a time, alternately, as the users' and KYC benches rule: the deep page's p50
    // within 1.25x page 1's + 1 ms (under load, two runs seconds apart differ by more on their own).
    const alone: { one: number[]; deep: number[] } = { one: [], deep: [] };
    for (let round = 0; round < 6; round++) {
      alone.one.push(...(await load(conns, [list.at(1)], seconds / 12, 1)).times);
      alone.deep.push(...(await load(conns, [list.at(REPORT_MAX_PAGE)], seconds / 12, 1)).times);
    }
    const [a, b] = [percentile(alone.one, 50), percentile(alone.deep, 50)];
    const errors = one.errors + deep.errors + (deepAnswer.status === 200 && deepRows > 0 ? 0 : 1);
    pageRows.push(
      `| ${list.name} | ${ms(percentile(one.times, 50))} / ${ms(percentile(one.times, 95))} | ${REPORT_MAX_PAGE} (${deepRows} rows) | ${ms(percentile(deep.times, 50))} / ${ms(percentile(deep.times, 95))} | ${ms(a)} / ${ms(b)} | ${errors} | ${errors === 0 && b <= a * 1.25 + 1 ? '**pass**' : '**fail**'} |`,
    );
    say(
      `${list.name}: page 1 p50 ${ms(percentile(one.times, 50))} ms, page ${REPORT_MAX_PAGE} (${deepRows} rows) p50 ${ms(percentile(deep.times, 50))} ms; alone ${ms(a)} / ${ms(b)} ms`,
    );
  }

  const text = [
    `# Reports speed (${today})`,
    '',
    ...(args.note ? [args.note, ''] : []),
    `- Dataset: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
      .join(', ')}.`,
    `- ${connections} concurrent keep-alive connections, ${seconds} s per call after ${warmup} s warm-up; ${os.cpus().length} cores, load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
    `- Inputs: the whole range (${REPORT_DEFAULT_START}..today) and 120 windows of 1 day to 2 years; pages 1-20 in a fixed mix.`,
    '',
    `| call | inputs | requests | p50 ms | p95 ms | p99 ms | req/s | errors | p95 ≤ 25 ms | one at a time p50 / p95 ms |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...rows,
    '',
    '## First request per call (computes the report buckets it reads; not in the figures above)',
    '',
    '| call | widest input | ms |',
    '|---|---|---:|',
    ...firstRequests,
    '',
    ...(rankings.length
      ? [
          '## First request of each range (ranks it; kept while no write touches its days; not in the figures above)',
          '',
          '| call | ranges | median ms | p95 ms | max ms | all, s |',
          '|---|---:|---:|---:|---:|---:|',
          ...rankings,
          '',
        ]
      : []),
    '## Page 1 against the deepest page (whole range)',
    '',
    "Under load: 16 connections on the one path, page 1 then the deep page. One at a time: alternately, 6 rounds; rule: the deep page not empty, no errors, its p50 within 1.25× page 1's + 1 ms.",
    '',
    '| list | under load: page 1 p50 / p95 ms | deep page (rows on it) | under load: deep p50 / p95 ms | one at a time p50: page 1 / deep ms | errors (an empty deep page counts) | verdict |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...pageRows,
    '',
  ].join('\n');
  const out = args.out ?? path.join(root, 'bench/results', `${today}-reports-${counts.users}-users.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, text);
  say(`written ${path.relative(root, out)}`);
} finally {
  for (const c of conns) c.close();
  await server?.stop();
}
