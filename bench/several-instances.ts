/**
 * Several instances, the long version (issue 21): the load mix (bench/lib/load-mix.ts, as
 * bench/load.ts runs it) for 60 s through a small round-robin proxy in front of two API processes
 * (`WORKER=false`, plain node on the build) with two workers beside them, all on one PostgreSQL;
 * one API process is killed (SIGKILL) midway. Records the answers, the errors the kill caused
 * apart from any other, and p50/p95/p99 before and after the kill. See bench/README.md.
 *
 *   npx tsx bench/several-instances.ts [--sessions 200] [--seconds 60] [--warmup 5] [--kill-at 30]
 *     [--port 18220] [--pg-port 55220] [--data .data/bench-several] [--no-retry] [--out file.md] [--note "..."]
 *
 * The proxy does what nginx does by default (`proxy_next_upstream error timeout`, `max_fails=1
 * fail_timeout=10s`): a GET whose connection to an instance fails before an answer is passed to
 * the other instance, and the failed instance is left out for 10 s. `--no-retry` turns that off
 * (each such request is then a 502 to the client: what the kill costs without it).
 *
 * The database is an embedded PostgreSQL in --data (kept between runs; the first start seeds the
 * demo data, DEMO_USERS or 3,000 users), on --pg-port; the proxy listens on --port, the APIs on the
 * next two ports.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '@vaultdesk/db';
import { TEST_SECRETS_KEY } from '../test/test-env';
import { baseEnv, buildApi, repoRoot, startNode, waitOutput, waitReady, type NodeProcess } from '../test/processes';
import { loadMixInputs, spreadRoles } from './lib/load-mix';
import { createLoadSessions, runLoad } from './lib/load-runner';
import { ms, percentile } from './lib/stats';

const say = (msg: string) => process.stdout.write(`[bench:several] ${msg}\n`);
const { values: args } = parseArgs({
  options: {
    sessions: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    'kill-at': { type: 'string', default: '30' },
    port: { type: 'string', default: '18220' },
    'pg-port': { type: 'string', default: '55220' },
    data: { type: 'string', default: '.data/bench-several' },
    'no-retry': { type: 'boolean', default: false },
    out: { type: 'string' },
    note: { type: 'string' },
  },
});
const settings = {
  sessions: Number(args.sessions),
  seconds: Number(args.seconds),
  warmup: Number(args.warmup),
  killAt: Number(args['kill-at']),
  port: Number(args.port),
  pgPort: Number(args['pg-port']),
  retry: !args['no-retry'],
};
const dataDir = path.resolve(repoRoot, args.data!);

// ---- the proxy ----
type Upstream = { name: 'A' | 'B'; port: number; agent: http.Agent; downUntil: number; proc?: NodeProcess };
type Attempt = { upstream: 'A' | 'B'; error?: string };
type Rec = { start: number; ms: number; status: number; attempts: Attempt[] };
const FAIL_TIMEOUT_MS = 10_000;

function startProxy(upstreams: Upstream[], retry: boolean) {
  const records: Rec[] = [];
  let turn = 0;
  const pick = (exclude?: Upstream) => {
    const now = performance.now();
    const live = upstreams.filter((u) => u !== exclude && u.downUntil <= now);
    const pool = live.length ? live : upstreams.filter((u) => u !== exclude);
    return pool[turn++ % pool.length];
  };
  const server = http.createServer((req, res) => {
    const start = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempts: Attempt[] = [];
      const done = (status: number) => records.push({ start, ms: performance.now() - start, status, attempts });
      const tryOn = (u: Upstream) => {
        const attempt: Attempt = { upstream: u.name };
        attempts.push(attempt);
        const up = http.request(
          {
            host: '127.0.0.1',
            port: u.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': '127.0.0.1' },
            agent: u.agent,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('end', () => done(answer.statusCode ?? 502));
            answer.on('error', () => done(0));
          },
        );
        up.on('error', (err) => {
          attempt.error = (err as NodeJS.ErrnoException).code ?? err.message;
          u.downUntil = performance.now() + FAIL_TIMEOUT_MS;
          const other =
            retry && (req.method === 'GET' || req.method === 'HEAD') && attempts.length < upstreams.length
              ? pick(u)
              : undefined;
          if (other && !res.headersSent) return tryOn(other);
          if (!res.headersSent) {
            res.writeHead(502, {
              'content-type': 'application/json',
              'x-proxy-error': `upstream ${u.name}: ${attempt.error}`,
            });
            res.end(
              JSON.stringify({ message: `Bad gateway (instance ${u.name}: ${attempt.error})`, code: 'BAD_GATEWAY' }),
            );
          } else res.destroy();
          done(502);
        });
        up.end(body);
      };
      tryOn(pick()!);
    });
  });
  server.keepAliveTimeout = 65_000;
  return { server, records };
}

// ---- the run ----
const procs: NodeProcess[] = [];
let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
let proxy: ReturnType<typeof startProxy> | undefined;
let db: pg.Client | undefined;
let connected = false;
try {
  say(`embedded PostgreSQL in ${path.relative(repoRoot, dataDir)}/pg on port ${settings.pgPort}`);
  embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: settings.pgPort });
  const outdir = path.join(repoRoot, 'apps/api/.data/bench-several-build');
  const built = buildApi(outdir);
  const env = (extra: Record<string, string>) => ({
    ...baseEnv(),
    NODE_ENV: 'development',
    SECRETS_KEY: TEST_SECRETS_KEY,
    DATABASE_URL: embedded!.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DEMO_USERS: process.env.DEMO_USERS ?? '3000',
    CHAIN: 'false',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
    APP_URL: `http://127.0.0.1:${settings.port}`,
    WORKER: 'false',
    ...extra,
  });
  const upstreams: Upstream[] = (['A', 'B'] as const).map((name, k) => ({
    name,
    port: settings.port + 1 + k,
    agent: new http.Agent({ keepAlive: true }),
    downUntil: 0,
  }));
  // Both APIs at once (the first migrates and seeds under the advisory lock), then the workers.
  for (const u of upstreams) {
    u.proc = startNode(['--enable-source-maps', built.main], env({ PORT: String(u.port), HOST: '127.0.0.1' }));
    procs.push(u.proc);
  }
  const startMs = await Promise.all(upstreams.map((u) => waitReady(u.proc!, `http://127.0.0.1:${u.port}`, 600_000)));
  say(`APIs ready in ${startMs.join(' and ')} ms`);
  // At info: their `[worker] running` line is an info line (warn would hide it).
  const workers = [0, 1].map(() => startNode(['--enable-source-maps', built.worker], env({ LOG_LEVEL: 'info' })));
  procs.push(...workers);
  await Promise.all(workers.map((w) => waitOutput(w, '[worker] running', 120_000)));
  say('two workers running');

  proxy = startProxy(upstreams, settings.retry);
  await new Promise<void>((r) => proxy!.server.listen(settings.port, '127.0.0.1', r));
  const baseUrl = `http://127.0.0.1:${settings.port}`;

  db = new pg.Client({ connectionString: embedded.url });
  await db.connect();
  connected = true;
  const inputs = await loadMixInputs(db);
  const counts = (
    await db.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM kyc_records)::int AS kyc, (SELECT count(*) FROM queue_items)::int AS queue`,
    )
  ).rows[0]!;
  const pgVersion = (await db.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v.split(' on ')[0]!;
  const roles = spreadRoles(settings.sessions);
  const access = await createLoadSessions(db, roles);

  const loadBefore = os.loadavg();
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const killAtMs = (settings.warmup + settings.killAt) * 1000;
  let killedAt = 0;
  let inFlightOnA = 0;
  const killer = setTimeout(() => {
    inFlightOnA = upstreams[0]!.agent.sockets
      ? Object.values(upstreams[0]!.agent.sockets).reduce((n, s) => n + (s?.length ?? 0), 0)
      : 0;
    killedAt = performance.now();
    upstreams[0]!.proc!.child.kill('SIGKILL');
    say(
      `${((killedAt - t0) / 1000).toFixed(1)} s: API A (pid ${upstreams[0]!.proc!.child.pid}) killed with SIGKILL, ${inFlightOnA} connections of the proxy to it busy`,
    );
  }, killAtMs);
  let result;
  try {
    result = await runLoad({
      baseUrl,
      sessions: access.sessions,
      inputs,
      seconds: settings.seconds,
      warmupSeconds: settings.warmup,
      thinkMs: [500, 1500],
      timeoutMs: 30_000,
      onProgress: say,
    });
  } finally {
    clearTimeout(killer);
    await access.end();
  }
  const finishedAt = new Date().toISOString();
  const loadAfter = os.loadavg();
  await db.end();
  connected = false;

  // ---- figures ----
  const measureFrom = t0 + settings.warmup * 1000;
  const recs = proxy.records;
  const failedOnA = recs.filter((r) => r.attempts.some((a) => a.error));
  const killErrors = failedOnA.filter((r) => r.status < 200 || r.status >= 300);
  const otherErrors = recs.filter((r) => !failedOnA.includes(r) && (r.status < 200 || r.status >= 300));
  const phase = (label: string, from: number, to: number) => {
    const sel = recs.filter((r) => r.start >= from && r.start < to);
    const lat = sel.map((r) => r.ms);
    const on = (n: string) => sel.filter((r) => r.attempts.at(-1)!.upstream === n).length;
    return {
      label,
      seconds: (to - from) / 1000,
      answers: sel.length,
      rps: sel.length / ((to - from) / 1000),
      onA: on('A'),
      onB: on('B'),
      failedAttempts: sel.filter((r) => r.attempts.some((a) => a.error)).length,
      errors: sel.filter((r) => r.status < 200 || r.status >= 300).length,
      p50: percentile(lat, 50),
      p95: percentile(lat, 95),
      p99: percentile(lat, 99),
      max: lat.reduce((m, x) => Math.max(m, x), 0),
    };
  };
  const end = measureFrom + settings.seconds * 1000;
  const phases = [
    phase('before the kill (two instances)', measureFrom, killedAt),
    phase('the 5 s after the kill', killedAt, killedAt + 5000),
    phase('after the kill (one instance), to the end', killedAt, end),
    phase('whole measured minute', measureFrom, end),
  ];
  const errorKinds = new Map<string, number>();
  for (const r of failedOnA)
    for (const a of r.attempts)
      if (a.error) errorKinds.set(`${a.upstream}: ${a.error}`, (errorKinds.get(`${a.upstream}: ${a.error}`) ?? 0) + 1);
  const lastFailure = failedOnA.reduce((m, r) => Math.max(m, r.start), 0);

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot }).toString().trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repoRoot })
    .toString()
    .trim()
    ? ' (with uncommitted changes)'
    : '';
  const int = (n: number) => Math.round(n).toLocaleString('en-US');
  const la = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  const lines = [
    `# Several instances under load, one killed midway: ${startedAt.slice(0, 10)}`,
    '',
    `Run ${startedAt} → ${finishedAt} (UTC) with \`bench/several-instances.ts\` (bench/README.md, "Several instances"). Code: ${commit}${dirty}.`,
    '',
    ...(args.note ? [args.note, ''] : []),
    '## Result',
    '',
    `- **Answers: ${int(result.requests)}** to ${result.sessions} sessions (warm-up included); **client errors: ${result.errors}** (any answer other than 2xx, a network error or none within 30 s).`,
    `- **Caused by the kill: ${killErrors.length} errors** reached a client; ${failedOnA.length} requests failed on the killed instance (${[...errorKinds].map(([k, n]) => `${n} × ${k}`).join(', ') || 'none'})${settings.retry ? ' and the proxy passed each to the other instance, as nginx does for a GET' : ' and, the retry off, each was a 502'}; the last of them ${failedOnA.length ? `${((lastFailure - killedAt) / 1000).toFixed(1)} s after the kill` : '–'}. In flight on the killed instance at the kill: ${inFlightOnA} proxy connections busy.`,
    `- **Other errors: ${otherErrors.length}**.`,
    '',
    '| phase (as the proxy saw each request) | s | answers | /s | to A | to B | failed on A | errors | p50 ms | p95 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...phases.map(
      (p) =>
        `| ${p.label} | ${p.seconds.toFixed(1)} | ${int(p.answers)} | ${p.rps.toFixed(0)} | ${int(p.onA)} | ${int(p.onB)} | ${p.failedAttempts} | ${p.errors} | ${ms(p.p50)} | ${ms(p.p95)} | ${ms(p.p99)} | ${ms(p.max)} |`,
    ),
    '',
    `Client side (bench/lib/load-runner.ts over the measured ${settings.seconds} s): p50 ${ms(result.measured.p50)} ms, p95 ${ms(result.measured.p95)} ms, p99 ${ms(result.measured.p99)} ms, max ${ms(result.measured.max)} ms, ${result.measured.rps.toFixed(0)} answers/s.`,
    '',
    '## How it ran',
    '',
    `- Two API processes (\`node apps/api/dist/main.js\` built by \`scripts/build-api.mjs\`, \`WORKER=false\`, \`TRUST_PROXY=loopback\`, pool 2 × cores + 1) started at once on one database (ready in ${startMs.join(' and ')} ms), then two workers (\`worker-main.js\`); an embedded ${pgVersion}. A round-robin proxy in the bench process (\`max_fails=1 fail_timeout=10s\`${settings.retry ? ', a GET whose connection fails is passed to the other instance' : ', no retry'}) in front of them; the load client (200 sessions of bench/lib/load-mix.ts, pauses 500-1500 ms, ${settings.warmup} s warm-up) sends to the proxy. API A is killed with SIGKILL ${settings.killAt} s into the measured minute and not restarted.`,
    `- Latencies are the proxy's: from a request's arrival to the end of its answer (retry included).`,
    `- Dataset: ${Object.entries(counts)
      .map(([k, v]) => `${int(v)} ${k}`)
      .join(', ')}.`,
    `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}. **Shared**: other engineers' builds and tests ran on the same 2 cores during the run (load average before ${la(loadBefore)}, after ${la(loadAfter)}), so the latencies are an upper bound, not this code's figure on a quiet machine (compare bench/results/2026-11-25-load.md: one instance, quiet machine).`,
    '',
    ...(result.errorSamples.length
      ? [
          '## Client errors (first ones)',
          '',
          '| status | request | message |',
          '| ---: | --- | --- |',
          ...result.errorSamples.map(
            (e) =>
              `| ${e.status ?? '–'} | \`${e.path.slice(0, 80)}\` | ${e.message.replace(/\|/g, '\\|').slice(0, 120)} |`,
          ),
          '',
        ]
      : []),
  ];
  const out = args.out ?? path.join(repoRoot, 'bench/results', `${startedAt.slice(0, 10)}-several-instances.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${lines.join('\n')}\n`);
  say(`results: ${path.relative(repoRoot, out)}`);
  say(lines.slice(6, 14).join('\n'));
} finally {
  if (connected) await db?.end().catch(() => undefined);
  proxy?.server.close();
  await Promise.all(procs.map((p) => Promise.race([p.stop('SIGTERM'), new Promise((r) => setTimeout(r, 15_000))])));
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await embedded?.stop();
}
