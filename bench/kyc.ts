/**
 * The KYC and compliance speed bench: see bench/README.md ("KYC and compliance").
 *   DATA_DIR=/work/bench-data PORT=8277 npx tsx bench/kyc.ts [--seconds 20] [--claim-seconds 60] ...
 *
 * 1. The KYC list by level and status, the suspects search by phone, ID number and device, the
 *    fraud list and the double-funding list: 16 concurrent connections, p95 against 25 ms.
 * 2. Each list at page 1 against a deep page: under load one after the other, and one request at
 *    a time alternately (the rule: the deep page's p50 within 1.25× of page 1's, +1 ms).
 * 3. Manage Random KYC: 16 reviewers press at once, again and again for a minute; every round's
 *    16 answers must be 16 different cases, and the database must never show a case held by two
 *    (it cannot: one claimed_by column) or a reviewer holding two. Collisions are counted.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config/config';
import { hashToken } from '../apps/api/src/credentials/credentials';
import { nodeLoadTest } from './lib/node-load';
import { startServer, type Server } from './lib/server';
import { signIn } from './lib/session';
import { createCpuMeter, type CpuMeter } from './lib/cpu';
import { alternate, type Alternated } from './lib/side-by-side';
import { ms, rng } from './lib/stats';
import { loadTest, wrkVersion, type LoadResult } from './lib/wrk';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg: string) => process.stdout.write(`[bench:kyc] ${msg}\n`);

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    'page-seconds': { type: 'string', default: '10' },
    'deep-page': { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '6' },
    'claim-seconds': { type: 'string', default: '60' },
    reviewers: { type: 'string', default: '16' },
    out: { type: 'string' },
    note: { type: 'string' },
    only: { type: 'string' },
    /** Records put behind one device (a fraud ring), so the suspects search has deep pages to measure. */
    ring: { type: 'string', default: '0' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  say(
    'usage: DATA_DIR=<bench data> PORT=8277 npx tsx bench/kyc.ts [--connections 16] [--seconds 20] [--warmup 3] [--page-seconds 10] [--deep-page 5000] [--rounds 6] [--claim-seconds 60] [--reviewers 16] [--out file.md] [--note "..."] [--only kyc-list,kyc-suspects,fraud-list,double-funding,random-kyc] [--ring N]',
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
  warmup: num(args.warmup, 'warmup'),
  pageSeconds: num(args['page-seconds'], 'page-seconds'),
  deepPage: num(args['deep-page'], 'deep-page'),
  rounds: num(args.rounds, 'rounds'),
  claimSeconds: num(args['claim-seconds'], 'claim-seconds'),
  reviewers: num(args.reviewers, 'reviewers'),
};
const P95_TARGET_MS = 25;
const only = args.only
  ? new Set(
      args.only
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
  : null;
const wanted = (name: string) => !only || only.has(name);

if (!process.env.DATA_DIR && !process.env.DATABASE_URL) {
  throw new Error(
    'set DATA_DIR (the bench data folder, outside the repository) or DATABASE_URL: the bench never runs on the development database by accident',
  );
}
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
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

type ListCall = {
  name: string;
  title: string;
  /** Requests a realistic mix cycles through (pages 1-20). */
  paths: string[];
  /** The same requests at page 1 and at the deep page (only inputs that have that page). */
  first: string[];
  deep: string[];
  deepPage: number;
};
type CallResult = {
  call: ListCall;
  load: LoadResult;
  firstLoad?: LoadResult;
  deepLoad?: LoadResult;
  oneAtATime?: Alternated;
};

const somePage = (i: number) => [1, 1, 1, 2, 3, 1, 5, 2, 10, 20][i % 10]!;

async function sample(db: pg.Pool) {
  const one = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];
  const counts = await one<{ level: number; status: string; n: string }>(
    `SELECT level, status, n::text AS n FROM kyc_status_counts WHERE n > 0`,
  );
  const shared = async (col: string) =>
    (
      await one<{ v: string }>(
        `SELECT ${col} AS v FROM kyc_records WHERE ${col} IS NOT NULL GROUP BY ${col} HAVING count(*) > 1 ORDER BY md5(${col}) LIMIT 40`,
      )
    ).map((r) => r.v);
  const single = async (col: string) =>
    (
      await one<{ v: string }>(
        `SELECT ${col} AS v FROM kyc_records WHERE ${col} IS NOT NULL ORDER BY md5(id::text) LIMIT 20`,
      )
    ).map((r) => r.v);
  // The values most shared (a device or phone behind many accounts): the suspects' deepest pages.
  const most = async (col: string) =>
    await one<{ field: string; v: string; n: number }>(
      `SELECT $1::text AS field, ${col} AS v, count(*)::int AS n FROM kyc_records WHERE ${col} IS NOT NULL GROUP BY ${col} ORDER BY count(*) DESC, ${col} LIMIT 3`,
      [col],
    );
  const [records] = await one<{ n: string }>(`SELECT count(*)::text AS n FROM kyc_records`);
  const [watch] = await one<{ n: string }>(`SELECT count(*)::text AS n FROM watchlist`);
  const doubles = await one<{ status: string; n: string }>(
    `SELECT status, count(*)::text AS n FROM double_fundings GROUP BY 1`,
  );
  const [users] = await one<{ n: string }>(`SELECT count(*)::text AS n FROM users`);
  return {
    users: Number(users!.n),
    records: Number(records!.n),
    counts: counts.map((c) => ({ level: Number(c.level), status: c.status, n: Number(c.n) })),
    phones: [...(await shared('phone_number')), ...(await single('phone_number'))],
    idcards: [...(await shared('idcard_number')), ...(await single('idcard_number'))],
    devices: [...(await shared('device_id')), ...(await single('device_id'))],
    mostShared: [...(await most('phone_number')), ...(await most('idcard_number')), ...(await most('device_id'))],
    watchlist: Number(watch!.n),
    doubles: doubles.map((d) => ({ status: d.status, n: Number(d.n) })),
  };
}
type Sample = Awaited<ReturnType<typeof sample>>;

function calls(s: Sample, deepPageWanted: number): ListCall[] {
  const out: ListCall[] = [];
  const KYC_SIZE = 20;
  const kyc = s.counts.filter((c) => ['submitted', 'approved', 'rejected'].includes(c.status));
  const kycDeep = Math.min(deepPageWanted, Math.max(1, ...kyc.map((c) => Math.floor(c.n / KYC_SIZE))));
  const kycUrl = (c: { level: number; status: string }, page: number) =>
    `/v1/admin/kyc/getkyc-by-level?${q({ kycLevel: c.level, kycStatus: c.status, page, pageSize: KYC_SIZE })}`;
  out.push({
    name: 'kyc-list',
    title: 'KYC list by level and status (GET admin/kyc/getkyc-by-level)',
    paths: kyc.flatMap((c) =>
      Array.from({ length: 10 }, (_, i) => kycUrl(c, Math.min(somePage(i), Math.max(1, Math.ceil(c.n / KYC_SIZE))))),
    ),
    first: kyc.filter((c) => c.n > (kycDeep - 1) * KYC_SIZE).map((c) => kycUrl(c, 1)),
    deep: kyc.filter((c) => c.n > (kycDeep - 1) * KYC_SIZE).map((c) => kycUrl(c, kycDeep)),
    deepPage: kycDeep,
  });
  const suspect = (field: string, v: string) =>
    `/v1/admin/kyc/kyc-filter-by-values?${q({ [field]: v, page: 1, pageSize: 20 })}`;
  const suspects = [
    ...s.phones.map((v) => suspect('phoneNumber', v)),
    ...s.idcards.map((v) => suspect('idcardNumber', v)),
    ...s.devices.map((v) => suspect('deviceId', v)),
  ];
  // Deep page: the most shared values' last full page (a value on one page has no deep page).
  const param = { phone_number: 'phoneNumber', idcard_number: 'idcardNumber', device_id: 'deviceId' } as Record<
    string,
    string
  >;
  const suspectDeep = Math.min(deepPageWanted, Math.max(1, ...s.mostShared.map((m) => Math.floor(m.n / 20))));
  const deepSuspects = suspectDeep > 1 ? s.mostShared.filter((m) => m.n >= suspectDeep * 20) : [];
  const suspectAt = (m: { field: string; v: string }, page: number) =>
    `/v1/admin/kyc/kyc-filter-by-values?${q({ [param[m.field]!]: m.v, page, pageSize: 20 })}`;
  out.push({
    name: 'kyc-suspects',
    title: 'Suspects by phone, ID number or device (GET admin/kyc/kyc-filter-by-values)',
    paths: suspects,
    first: deepSuspects.map((m) => suspectAt(m, 1)),
    deep: deepSuspects.map((m) => suspectAt(m, suspectDeep)),
    deepPage: suspectDeep,
  });
  const WATCH_SIZE = 20;
  const watchDeep = Math.min(deepPageWanted, Math.max(1, Math.floor(s.watchlist / WATCH_SIZE)));
  out.push({
    name: 'fraud-list',
    title: 'Fraud list (GET /security/retrieve-watchlist)',
    paths: Array.from(
      { length: 10 },
      (_, i) => `/v1/security/retrieve-watchlist?${q({ page: Math.min(somePage(i), watchDeep) })}`,
    ),
    first: ['/v1/security/retrieve-watchlist?page=1'],
    deep: [`/v1/security/retrieve-watchlist?${q({ page: watchDeep })}`],
    deepPage: watchDeep,
  });
  const DF_SIZE = 10;
  const dfDeep = Math.min(deepPageWanted, Math.max(1, ...s.doubles.map((d) => Math.floor(d.n / DF_SIZE))));
  const dfUrl = (status: string, page: number) =>
    `/v1/admin/compliance/double-fundings?${q({ status, page, pageSize: DF_SIZE })}`;
  out.push({
    name: 'double-funding',
    title: 'Double funding list (GET admin/compliance/double-fundings)',
    paths: s.doubles.flatMap((d) =>
      Array.from({ length: 10 }, (_, i) =>
        dfUrl(d.status, Math.min(somePage(i), Math.max(1, Math.ceil(d.n / DF_SIZE)))),
      ),
    ),
    first: s.doubles.filter((d) => d.n > (dfDeep - 1) * DF_SIZE).map((d) => dfUrl(d.status, 1)),
    deep: s.doubles.filter((d) => d.n > (dfDeep - 1) * DF_SIZE).map((d) => dfUrl(d.status, dfDeep)),
    deepPage: dfDeep,
  });
  return out;
}

/**
 * Bench reviewers: staff with the KYC Reviewer role and a session written straight into the
 * database (signing sixteen accounts in through TOTP would measure the sign-in, not the claims).
 * Their claims and sessions are removed afterwards; the accounts stay, disabled, because their
 * audit rows refer to them.
 */
async function benchReviewers(db: pg.Pool, n: number) {
  const tokens: string[] = [];
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const email = `bench-reviewer-${String(i).padStart(2, '0')}@vaultdesk.test`;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO staff (email, full_name, password_hash, role_id, status, totp_enabled)
       VALUES ($1, $2, '!bench-account-no-password', (SELECT id FROM roles WHERE slug = 'kyc-reviewer'), 'active', true)
       ON CONFLICT (email) DO UPDATE SET status = 'active' RETURNING id`,
      [email, `Bench Reviewer ${i}`],
    );
    const token = randomBytes(32).toString('base64url');
    await db.query(
      `INSERT INTO staff_sessions (staff_id, token_hash, two_factor_passed, ip, user_agent, expires_at)
       VALUES ($1, $2, true, '127.0.0.1', 'vaultdesk-bench', now() + interval '1 hour')`,
      [rows[0]!.id, hashToken(token)],
    );
    ids.push(rows[0]!.id);
    tokens.push(token);
  }
  return {
    ids,
    tokens,
    cleanUp: async () => {
      await db.query(
        `UPDATE kyc_records SET claimed_by = NULL, claimed_until = NULL WHERE claimed_by = ANY($1::uuid[])`,
        [ids],
      );
      await db.query(
        `UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = ANY($1::uuid[]) AND revoked_at IS NULL`,
        [ids],
      );
      await db.query(`UPDATE staff SET status = 'disabled' WHERE id = ANY($1::uuid[])`, [ids]);
    },
  };
}

type ClaimResult = {
  rounds: number;
  calls: number;
  handedOut: number;
  none: number;
  errors: number;
  collisions: number;
  heldTwice: number;
  p50: number;
  p95: number;
  maxRound: number;
};

async function randomClaims(
  baseUrl: string,
  db: pg.Pool,
  reviewers: { ids: string[]; tokens: string[] },
  seconds: number,
): Promise<ClaimResult> {
  const press = async (token: string) => {
    const t = performance.now();
    const res = await fetch(`${baseUrl}/v1/admin/kyc/random-kyc-records`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { data?: string };
    return { status: res.status, userId: body.data ?? null, took: performance.now() - t };
  };
  const r: ClaimResult = {
    rounds: 0,
    calls: 0,
    handedOut: 0,
    none: 0,
    errors: 0,
    collisions: 0,
    heldTwice: 0,
    p50: 0,
    p95: 0,
    maxRound: 0,
  };
  const took: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const t = performance.now();
    const answers = await Promise.all(reviewers.tokens.map(press));
    r.maxRound = Math.max(r.maxRound, performance.now() - t);
    r.rounds += 1;
    r.calls += answers.length;
    for (const a of answers) {
      took.push(a.took);
      if (a.status === 200 && a.userId) r.handedOut += 1;
      else if (a.status === 404) r.none += 1;
      else r.errors += 1;
    }
    const handed = answers.filter((a) => a.status === 200 && a.userId).map((a) => a.userId!);
    r.collisions += handed.length - new Set(handed).size;
    // What the database says now: each reviewer holds at most one live case.
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM (SELECT claimed_by FROM kyc_records WHERE claimed_by = ANY($1::uuid[]) AND claimed_until > now()
        GROUP BY claimed_by HAVING count(*) > 1) x`,
      [reviewers.ids],
    );
    r.heldTwice += Number(rows[0]!.n);
  }
  const sorted = [...took].sort((a, b) => a - b);
  r.p50 = sorted[Math.floor(sorted.length * 0.5)] ?? NaN;
  r.p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN;
  return r;
}

const pass = (ok: boolean) => (ok ? '**pass**' : '**FAIL**');
const cpuText = (l: LoadResult) =>
  l.apiCpuUs === null ? '–' : `${Math.round(l.apiCpuUs)} + ${l.pgCpuUs === null ? '?' : Math.round(l.pgCpuUs)}`;

function report(
  info: { when: string; commit: string; dataset: Sample; tool: string; load: string; note?: string },
  results: CallResult[],
  claims: ClaimResult | null,
) {
  const lines = [
    `# KYC and compliance bench, ${info.when}`,
    '',
    `Commit ${info.commit}. Dataset: ${info.dataset.users.toLocaleString('en-US')} users, ${info.dataset.records.toLocaleString('en-US')} KYC records, ` +
      `${info.dataset.watchlist.toLocaleString('en-US')} watchlisted, ${info.dataset.doubles.map((d) => `${d.n.toLocaleString('en-US')} ${d.status}`).join(' / ')} double fundings.`,
    `Load tool: ${info.tool}; ${settings.connections} connections, ${settings.seconds} s per call after ${settings.warmup} s of warm-up. Machine: ${os.cpus().length} CPUs, load average ${info.load}.`,
    ...(info.note ? ['', info.note] : []),
    '',
    `## p95 at ${settings.connections} concurrent requests (target ≤ ${P95_TARGET_MS} ms)`,
    '',
    'CPU per request: CPU time of the API process and of PostgreSQL (all its processes, so other sessions on a shared database count too) during the run, divided by the requests served; steadier than latency on a shared machine.',
    '',
    '| call | inputs | requests | rps | p50 ms | p95 ms | p99 ms | errors | CPU µs/req API + PG | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...results.map(
      ({ call, load }) =>
        `| ${call.title} | ${call.paths.length} | ${load.requests} | ${load.rps.toFixed(0)} | ${ms(load.p50)} | ${ms(load.p95)} | ${ms(load.p99)} | ${load.errorStatus + load.socketErrors} | ${cpuText(load)} | ${pass(load.requests > 0 && load.errorStatus + load.socketErrors === 0 && load.p95 <= P95_TARGET_MS)} |`,
    ),
    '',
    '## Page 1 against a deep page',
    '',
    "Rule: the deep page not empty, no errors, and its one-request-at-a-time p50 within 1.25× of page 1's (+1 ms), measured alternately over the same inputs.",
    '',
    '| call | deep page | under load p95 page 1 / deep (ms) | one at a time p50 page 1 / deep (ms) | verdict |',
    '|---|---:|---|---|---|',
    ...results
      .filter((r) => r.oneAtATime)
      .map((r) => {
        const o = r.oneAtATime!;
        const ok =
          r.call.deepPage > 1 &&
          o.b.p50 <= o.a.p50 * 1.25 + 1 &&
          [r.firstLoad!, r.deepLoad!].every((l) => l.errorStatus + l.socketErrors === 0);
        return `| ${r.call.name} | ${r.call.deepPage} | ${ms(r.firstLoad!.p95)} / ${ms(r.deepLoad!.p95)} | ${ms(o.a.p50)} / ${ms(o.b.p50)} | ${r.call.deepPage > 1 ? pass(ok) : 'no deep page in this dataset'} |`;
      }),
    '',
    `Suspects' deep page: the most shared values of the dataset (records per value): ${info.dataset.mostShared.map((m) => `${m.field} ${m.n}`).join(', ')}.`,
    '',
  ];
  if (claims) {
    lines.push(
      `## Manage Random KYC: ${settings.reviewers} reviewers pressing at once for ${settings.claimSeconds} s`,
      '',
      '| rounds | calls | cases handed out | "No Unattended KYC" | errors | collisions (one case to two reviewers) | a reviewer holding two | p50 / p95 ms | slowest round ms | verdict |',
      '|---:|---:|---:|---:|---:|---:|---:|---|---:|---|',
      `| ${claims.rounds} | ${claims.calls} | ${claims.handedOut} | ${claims.none} | ${claims.errors} | ${claims.collisions} | ${claims.heldTwice} | ${ms(claims.p50)} / ${ms(claims.p95)} | ${ms(claims.maxRound)} | ${pass(claims.collisions === 0 && claims.heldTwice === 0 && claims.errors === 0)} |`,
      '',
    );
  }
  return lines.join('\n');
}

const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
let server: Server | null = null;
try {
  const baseUrl = process.env.BENCH_URL?.replace(/\/$/, '') ?? null;
  if (!baseUrl) server = await startServer({ env, port: Number(env.PORT), log: say });
  const url = baseUrl ?? server!.url;
  // DATA_DIR names the PostgreSQL's data folder (its postmaster.pid) even when DATABASE_URL is set.
  const cpu: CpuMeter | null = createCpuMeter({
    serverPid: server?.pid,
    dataDir: process.env.DATA_DIR ? config.dataDir : undefined,
  });
  const ring = Number(args.ring);
  if (ring > 0) {
    // A fraud ring: N records re-pointed at one device id (bench data only; idempotent).
    const { rowCount } = await db.query(
      `UPDATE kyc_records SET device_id = 'bench-ring-device' WHERE id IN (
         SELECT id FROM kyc_records WHERE device_id IS DISTINCT FROM 'bench-ring-device' ORDER BY md5(id::text)
          LIMIT greatest(0, $1::int - (SELECT count(*) FROM kyc_records WHERE device_id = 'bench-ring-device')))`,
      [ring],
    );
    say(`fraud ring: ${rowCount ?? 0} records moved behind device bench-ring-device (${ring} in all)`);
  }
  const s = await sample(db);
  say(`dataset: ${s.users} users, ${s.records} KYC records, ${s.watchlist} watchlisted`);
  const token = await signIn(url);
  const wrk = await wrkVersion();
  const tool = wrk
    ? `${wrk} (-t2)`
    : 'Node closed loop (bench/lib/node-load.ts; wrk not installed: latencies include the client)';
  const load = (paths: string[], seconds: number) =>
    wrk
      ? loadTest({ baseUrl: url, token, paths, connections: settings.connections, seconds, cpu })
      : nodeLoadTest({ baseUrl: url, token, paths, connections: settings.connections, seconds });
  const results: CallResult[] = [];
  const shuffle = rng(7);
  for (const call of calls(s, settings.deepPage).filter((c) => wanted(c.name))) {
    const paths = [...call.paths].sort(() => shuffle.next() - 0.5);
    say(`${call.name}: ${paths.length} inputs`);
    await load(paths, settings.warmup);
    const result: CallResult = { call, load: await load(paths, settings.seconds) };
    say(
      `${call.name}: p95 ${ms(result.load.p95)} ms, ${result.load.requests} requests, ${result.load.errorStatus} errors, CPU µs/req API + PG ${cpuText(result.load)}`,
    );
    if (call.first.length && call.deep.length && call.deepPage > 1) {
      result.firstLoad = await load(call.first, settings.pageSeconds);
      result.deepLoad = await load(call.deep, settings.pageSeconds);
      result.oneAtATime = await alternate({
        baseUrl: url,
        token,
        pairs: call.first.map((f, i): [string, string] => [f, call.deep[i]!]),
        rounds: settings.rounds,
      });
      say(
        `${call.name}: page 1 p50 ${ms(result.oneAtATime.a.p50)} ms, page ${call.deepPage} p50 ${ms(result.oneAtATime.b.p50)} ms`,
      );
    }
    results.push(result);
  }
  let claims: ClaimResult | null = null;
  if (wanted('random-kyc')) {
    const reviewers = await benchReviewers(db, settings.reviewers);
    try {
      claims = await randomClaims(url, db, reviewers, settings.claimSeconds);
    } finally {
      await reviewers.cleanUp();
    }
    say(
      `random claims: ${claims.rounds} rounds, ${claims.handedOut} cases handed out, ${claims.collisions} collisions`,
    );
  }
  const when = new Date().toISOString().slice(0, 10);
  const { execFileSync } = await import('node:child_process');
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  const text = report(
    {
      when,
      commit,
      dataset: s,
      tool,
      load: os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' '),
      note: args.note,
    },
    results,
    claims,
  );
  const out = args.out ?? path.join(root, 'bench/results', `${when}-kyc.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${text}\n`);
  say(`results: ${path.relative(root, out)}`);
} finally {
  // The pool first: stopping the API stops its embedded PostgreSQL under any idle connection.
  await db.end();
  await server?.stop();
}
