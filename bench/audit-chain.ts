/**
 * The audit hash chain's cost (issue 20, "Tamper-evident audit trail"): audit writes with the
 * chain against without it, on the same machine, back to back and alternating, and how long
 * verifying takes per 100,000 rows. See bench/README.md ("Audit chain").
 *
 *   DATA_DIR=/work/load-data PORT=8291 npx tsx bench/audit-chain.ts [--rounds 4] [--seconds 60] [--writes 25]
 *     [--writers 50] [--writer-seconds 10] [--verify-rows 200000] [--out file.md] [--note "..."]
 *
 * 1. The load bench (bench/lib/load-runner.ts, the mix of bench/lib/load-mix.ts plus its opt-in
 *    audited write, a staff member saving their own name) against one API process, rounds
 *    alternating: "before" with the chain's two insert triggers disabled (audit_log_seal,
 *    audit_log_arrive_unsealed: the insert path is then the one before migration 0024; the new
 *    columns stay NULL and NULLs do not enter the partial chain index), "after" with them on.
 * 2. Raw writers: N connections each committing one-audit-row transactions as fast as they can,
 *    the chain off and on alternately: the ceiling the chain's commit-time lock sets.
 * 3. Verify: a scratch database on the same server with `--verify-rows` rows, written through the
 *    chain; the walk timed (the API's and the CLI's code), per 100,000 rows.
 * The rows written with the chain off stay unlinked in the bench database (verify names them):
 * it is a throw-away dataset.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { closeDb, createDb, runMigrations } from '@vaultdesk/db';
import { loadConfig } from '../apps/api/src/config/config';
import { verifyAuditChain } from '../apps/api/src/modules/audit/audit-chain';
import { createCpuMeter } from './lib/cpu';
import { loadMixInputs, spreadRoles, writeScreens } from './lib/load-mix';
import { createLoadSessions, runLoad, type LoadResult } from './lib/load-runner';
import { startServer, type Server } from './lib/server';
import { ms, percentile } from './lib/stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg: string) => process.stdout.write(`[bench:audit-chain] ${msg}\n`);
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '5' },
    sessions: { type: 'string', default: '200' },
    writes: { type: 'string', default: '25' },
    writers: { type: 'string', default: '50' },
    'writer-seconds': { type: 'string', default: '10' },
    'verify-rows': { type: 'string', default: '200000' },
    out: { type: 'string' },
    note: { type: 'string' },
  },
});
const n = (v: string | undefined) => {
  const x = Number(v);
  if (!Number.isFinite(x) || x < 0) throw new Error(`not a number: ${v}`);
  return x;
};
const S = {
  rounds: n(args.rounds),
  seconds: n(args.seconds),
  warmup: n(args.warmup),
  sessions: n(args.sessions),
  writes: n(args.writes),
  writers: n(args.writers),
  writerSeconds: n(args['writer-seconds']),
  verifyRows: n(args['verify-rows']),
};
if (!process.env.DATA_DIR && !process.env.DATABASE_URL)
  throw new Error('set DATA_DIR (a data folder outside the repository) or DATABASE_URL');

const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: process.env.PORT ?? '8291',
  NODE_ENV: 'development',
  SEED_DEMO: 'true',
  WORKER: process.env.WORKER ?? 'true',
  CHAIN: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const config = loadConfig(env);
const databaseUrl = config.databaseUrl ?? `postgres://postgres:postgres@127.0.0.1:${config.pgPort}/vaultdesk`;
const int = (x: number) => Math.round(x).toLocaleString('en-US');
const la = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');

const setChain = async (c: pg.Client, on: boolean) => {
  const verb = on ? 'ENABLE' : 'DISABLE';
  await c.query(`ALTER TABLE audit_log ${verb} TRIGGER audit_log_seal, ${verb} TRIGGER audit_log_arrive_unsealed`);
};

type Round = {
  chain: boolean;
  startedAt: string;
  load: string;
  result: LoadResult;
  cpu: { apiUs: number | null; pgUs: number | null } | null;
  auditRows: number;
};
type WriterRound = { chain: boolean; load: string; commits: number; perSecond: number; p50: number; p99: number };

let server: Server | null = null;
const db = new pg.Client({ connectionString: databaseUrl });
let connected = false;
try {
  server = await startServer({ env, port: config.port, log: say });
  await db.connect();
  connected = true;
  const inputs = await loadMixInputs(db);
  const counts = (
    await db.query<{ users: number; audit: number }>(
      `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM audit_log)::int AS audit`,
    )
  ).rows[0]!;
  const pgVersion = (await db.query<{ v: string }>('SELECT version() AS v')).rows[0]!.v.split(' on ')[0]!;
  const cpuMeter = createCpuMeter({
    serverPid: server.pid,
    dataDir: config.databaseUrl ? undefined : config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  const loadBefore = la();
  const startedAt = new Date().toISOString();

  // 1. The load bench with audited writes, rounds alternating off/on.
  const rounds: Round[] = [];
  for (let k = 0; k < S.rounds; k++) {
    const chain = k % 2 === 1;
    await setChain(db, chain);
    const roles = spreadRoles(S.sessions);
    const access = await createLoadSessions(db, roles);
    const auditBefore = Number(
      (await db.query<{ m: string }>(`SELECT coalesce(max(id), 0) AS m FROM audit_log`)).rows[0]!.m,
    );
    const load = la();
    const at = new Date().toISOString();
    say(`round ${k + 1}/${S.rounds}: chain ${chain ? 'on' : 'off'}, load average ${load}`);
    try {
      const stop = cpuMeter?.start();
      const result = await runLoad({
        baseUrl: server.url,
        sessions: access.sessions,
        inputs,
        seconds: S.seconds,
        warmupSeconds: S.warmup,
        extraScreens: writeScreens(S.writes),
        seed: 20261125 + k,
      });
      const cpu = stop ? stop(result.requests) : null;
      const auditRows = Number(
        (await db.query<{ n: string }>(`SELECT count(*) AS n FROM audit_log WHERE id > $1`, [auditBefore])).rows[0]!.n,
      );
      rounds.push({ chain, startedAt: at, load, result, cpu, auditRows });
      const w = result.routes.find((r) => r.route === 'PUT /v1/admin/profile');
      say(
        `  ${result.requests} answers, ${result.errors} errors; all p50 ${ms(result.measured.p50)} p99 ${ms(result.measured.p99)}; write p50 ${ms(w?.p50)} p99 ${ms(w?.p99)} (${w?.count ?? 0})`,
      );
    } finally {
      await access.end();
    }
  }

  // 2. Raw writers: one-row audit transactions as fast as they commit, off/on alternating.
  const writerRounds: WriterRound[] = [];
  for (let k = 0; k < S.rounds; k++) {
    const chain = k % 2 === 1;
    await setChain(db, chain);
    const load = la();
    const clients = await Promise.all(
      Array.from({ length: S.writers }, async () => {
        const c = new pg.Client({ connectionString: databaseUrl });
        await c.connect();
        return c;
      }),
    );
    const lat: number[] = [];
    const until = performance.now() + S.writerSeconds * 1000;
    await Promise.all(
      clients.map(async (c, i) => {
        while (performance.now() < until) {
          const t0 = performance.now();
          await c.query('BEGIN');
          await c.query(
            `INSERT INTO audit_log (action, target_type, target_id, after, ip, user_agent) VALUES ('bench.audit-chain', 'bench', $1, '{"writer": true}', '127.0.0.1', 'bench')`,
            [String(i)],
          );
          await c.query('COMMIT');
          lat.push(performance.now() - t0);
        }
      }),
    );
    await Promise.all(clients.map((c) => c.end()));
    writerRounds.push({
      chain,
      load,
      commits: lat.length,
      perSecond: lat.length / S.writerSeconds,
      p50: percentile(lat, 50),
      p99: percentile(lat, 99),
    });
    say(
      `writers round ${k + 1}: chain ${chain ? 'on' : 'off'}: ${int(lat.length / S.writerSeconds)} commits/s, p50 ${ms(percentile(lat, 50))} p99 ${ms(percentile(lat, 99))} ms`,
    );
  }
  await setChain(db, true);

  // 3. Verify per 100,000 rows, on a scratch database written through the chain.
  const scratchName = 'audit_chain_bench_scratch';
  await db.query(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
  await db.query(`CREATE DATABASE ${scratchName}`);
  const scratchUrl = new URL(databaseUrl);
  scratchUrl.pathname = `/${scratchName}`;
  const scratch = createDb(scratchUrl.toString(), 2);
  let verify: { rows: number; insertMs: number; runs: number[]; load: string } | null = null;
  try {
    await runMigrations(scratch);
    const t0 = performance.now();
    for (let done = 0; done < S.verifyRows; done += 10_000) {
      // 10,000 rows a transaction, sealed at its commit: rows like the app's (a before/after pair, an address, a user agent).
      await scratch.$client.query(
        `INSERT INTO audit_log (actor_email, action, target_type, target_id, before, after, ip, longitude, latitude, user_agent)
         SELECT 'bench@vaultdesk.test', 'bench.verify', 'plan', md5(g::text)::uuid::text,
                jsonb_build_object('status', 'pending', 'amount', (g % 997)::text || '.5'), jsonb_build_object('status', 'done', 'amount', (g % 997)::text || '.5'),
                '10.0.0.1', 3.3792, 6.5244, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36'
           FROM generate_series($1::int, $2::int) g`,
        [done + 1, Math.min(done + 10_000, S.verifyRows)],
      );
    }
    const insertMs = performance.now() - t0;
    const runs: number[] = [];
    for (let k = 0; k < 3; k++) {
      const report = await verifyAuditChain(scratch.$client);
      if (!report.intact || report.checked !== S.verifyRows) throw new Error(`scratch chain: ${report.message}`);
      runs.push(report.ms);
    }
    verify = { rows: S.verifyRows, insertMs, runs, load: la() };
    say(`verify ${int(S.verifyRows)} rows: ${runs.join(', ')} ms`);
  } finally {
    await closeDb(scratch);
    await db.query(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
  }

  const finishedAt = new Date().toISOString();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root }).toString().trim()
    ? ' (with uncommitted changes in the tree)'
    : '';
  const out = args.out ?? path.join(root, 'bench/results', `${startedAt.slice(0, 10)}-audit-chain-toggle.md`);
  mkdirSync(path.dirname(out), { recursive: true });

  const write = (r: Round) => r.result.routes.find((x) => x.route === 'PUT /v1/admin/profile');
  const median = (xs: number[]) => percentile(xs, 50);
  const side = (chain: boolean) => rounds.filter((r) => r.chain === chain);
  const sum = (chain: boolean) => {
    const rs = side(chain);
    return {
      writeP50: median(rs.map((r) => write(r)?.p50 ?? NaN)),
      writeP99: median(rs.map((r) => write(r)?.p99 ?? NaN)),
      allP50: median(rs.map((r) => r.result.measured.p50)),
      allP99: median(rs.map((r) => r.result.measured.p99)),
      pgUs: median(rs.map((r) => r.cpu?.pgUs ?? NaN)),
      apiUs: median(rs.map((r) => r.cpu?.apiUs ?? NaN)),
    };
  };
  const off = sum(false);
  const on = sum(true);
  const wside = (chain: boolean) => writerRounds.filter((r) => r.chain === chain);
  const lines = [
    `# Audit hash chain: audit writes with and without the chain, and verify: ${startedAt.slice(0, 10)}`,
    '',
    `Run ${startedAt} → ${finishedAt} (UTC) with \`bench/audit-chain.ts\` (bench/README.md, "Audit chain"). Code measured: ${commit}${dirty}.`,
    '',
    ...(args.note ? [args.note, ''] : []),
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${pgVersion}. Load average at the start ${loadBefore}, at the end ${la()}. Dataset: ${int(counts.users)} users, ${int(counts.audit)} audit rows at the start.`,
    '',
    '## 1. The load bench with audited writes, chain off ("before") and on ("after"), alternating',
    '',
    `${S.sessions} sessions, ${S.warmup} s warm-up + ${S.seconds} s measured per round, the load bench's read mix plus "own-profile-save" (PUT /v1/admin/profile: row lock, update, audit row; weight ${S.writes} among the screens' ~105). One API process (pid ${server.pid}) for all rounds; between rounds only the chain's two insert triggers are switched.`,
    '',
    '| round | chain | load avg (1, 5, 15 min) | answers | errors | audit rows written | write p50 ms | write p95 ms | write p99 ms | all p50 ms | all p99 ms | CPU/answer API µs | CPU/answer PostgreSQL µs |',
    '| ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rounds.map((r, k) => {
      const w = write(r);
      return `| ${k + 1} | ${r.chain ? 'on' : 'off'} | ${r.load} | ${int(r.result.requests)} | ${r.result.errors} | ${int(r.auditRows)} | ${ms(w?.p50)} | ${ms(w?.p95)} | ${ms(w?.p99)} | ${ms(r.result.measured.p50)} | ${ms(r.result.measured.p99)} | ${r.cpu?.apiUs === null || !r.cpu ? '–' : int(r.cpu.apiUs)} | ${r.cpu?.pgUs === null || !r.cpu ? '–' : int(r.cpu.pgUs)} |`;
    }),
    '',
    `Medians over the rounds: write p50 ${ms(off.writeP50)} ms off, ${ms(on.writeP50)} ms on; write p99 ${ms(off.writeP99)} off, ${ms(on.writeP99)} on; all calls p50 ${ms(off.allP50)} off, ${ms(on.allP50)} on; PostgreSQL CPU per answer ${int(off.pgUs)} µs off, ${int(on.pgUs)} µs on.`,
    '',
    `## 2. Raw writers: ${S.writers} connections committing one audit row per transaction, ${S.writerSeconds} s a round`,
    '',
    '| round | chain | load avg | commits/s | p50 ms | p99 ms |',
    '| ---: | --- | --- | ---: | ---: | ---: |',
    ...writerRounds.map(
      (r, k) =>
        `| ${k + 1} | ${r.chain ? 'on' : 'off'} | ${r.load} | ${int(r.perSecond)} | ${ms(r.p50)} | ${ms(r.p99)} |`,
    ),
    '',
    `Medians: ${int(median(wside(false).map((r) => r.perSecond)))} commits/s off, ${int(median(wside(true).map((r) => r.perSecond)))} on.`,
    '',
    '## 3. Verify',
    '',
    verify
      ? `${int(verify.rows)} rows written through the chain (10,000 a transaction, sealed at each commit: ${int(verify.insertMs)} ms in all, ${ms((verify.insertMs / verify.rows) * 1000, 1)} µs a row), then walked three times by the verifier the API and the CLI share (batches of 5,000 rows, hashes recomputed in Node): ${verify.runs.join(', ')} ms, **${int((median(verify.runs) / verify.rows) * 100_000)} ms per 100,000 rows** (median; load average at the end ${verify.load}).`
      : 'not run',
    '',
  ];
  writeFileSync(out, `${lines.join('\n')}\n`);
  writeFileSync(
    out.replace(/\.md$/, '.json'),
    `${JSON.stringify({ startedAt, finishedAt, settings: S, rounds: rounds.map((r) => ({ ...r, result: { ...r.result, exercised: undefined } })), writerRounds, verify }, null, 2)}\n`,
  );
  say(`results: ${path.relative(root, out)}`);
} finally {
  if (connected)
    await setChain(db, true).catch((e: unknown) => say(`could not switch the chain back on: ${String(e)}`));
  if (connected) await db.end();
  await server?.stop();
}
