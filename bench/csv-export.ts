/**
 * CSV export throughput (reports issue, "Speed"): the export runner (COPY from one snapshot,
 * counted, encrypted into the file store, progress written) against PostgreSQL's own
 * `COPY (same SELECT) TO STDOUT CSV` read by a client that discards the bytes, side by side in one
 * run, alternating, with this process's peak memory sampled while the runner works.
 *
 *   DATA_DIR=/work/bench-data PORT=8277 npx tsx bench/csv-export.ts [--rows 1000000] [--rounds 3] [--out file.md]
 *
 * The API is started once (it brings up the embedded PostgreSQL and the demo staff), then stopped;
 * the runner itself runs in this process, exactly the code the worker runs (apps/worker/src/jobs/csv-export.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { closeDb, createDb } from '@vaultdesk/db';
import { loadConfig } from '../apps/api/src/config/config';
import { createFileStore } from '../apps/api/src/files/file-store';
import { localObjectStore } from '../apps/api/src/files/local-object-store';
import { runExport, type ExportFileStore } from '../apps/worker/src/jobs/csv-export';
import { EXPORT_QUERIES, registerAreaExports } from '../apps/api/src/modules/exports/export-registry';
import { startServer, type Server } from './lib/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg: string) => process.stdout.write(`[csv-bench] ${msg}\n`);
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '3' },
    out: { type: 'string' },
    note: { type: 'string' },
  },
});
const wantRows = Number(args.rows);
const rounds = Number(args.rounds);
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

const MB = 1024 * 1024;
const mb = (n: number) => (n / MB).toFixed(1);

/** Peak resident memory of this process while `work` runs (sampled every 10 ms). */
async function withPeakRss<T>(work: () => Promise<T>) {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, peakRss: peak };
  } finally {
    clearInterval(timer);
  }
}

let server: Server | null = null;
const filesDir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-csv-bench-'));
const db = createDb(databaseUrl, 4);
try {
  if (!process.env.BENCH_URL) server = await startServer({ env, port: config.port, log: say });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();

  // A date window holding about `wantRows` of the newest wallet transactions (whole days).
  const {
    rows: [edge],
  } = await client.query<{ start: string | null; total: number }>(
    `SELECT (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM wallet_transactions ORDER BY created_at DESC OFFSET $1 LIMIT 1) AS start,
            (SELECT count(*)::int FROM wallet_transactions) AS total`,
    [wantRows - 1],
  );
  const today = new Date().toISOString().slice(0, 10);
  const params = { start: edge!.start ?? '2021-10-01', end: today };
  registerAreaExports();
  const select = EXPORT_QUERIES['wallet-transactions'](params, (v) => client.escapeLiteral(v));
  const {
    rows: [count],
  } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${select}) x`);
  const rows = count!.n;
  say(`wallet_transactions: ${edge!.total} rows in all; exporting ${params.start}..${params.end}: ${rows} rows`);
  const {
    rows: [staff],
  } = await client.query<{ id: string }>(`SELECT id FROM staff WHERE email = 'superadmin@vaultdesk.test'`);

  const files = createFileStore(db, localObjectStore(filesDir));
  const store: ExportFileStore = {
    putStream: (readable, meta) =>
      files.putStream(readable, {
        contentType: meta.contentType,
        createdBy: meta.createdBy ?? null,
        permission: 'exports.audit',
      }),
    openDecrypted: (cid, key) => files.openDecrypted(cid, key),
  };

  /** PostgreSQL's own COPY of the same rows to a client that throws the bytes away. */
  const bareCopy = async () => {
    const c = await db.$client.connect();
    let bytes = 0;
    try {
      await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const t = performance.now();
      await pipeline(
        c.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv, HEADER true)`)),
        new Writable({
          write(chunk: Buffer, _e, done) {
            bytes += chunk.length;
            done();
          },
        }),
      );
      const ms = performance.now() - t;
      await c.query('COMMIT');
      return { ms, bytes };
    } finally {
      c.release();
    }
  };
  /** The export runner, as the worker runs it: a queued export row, then runExport. */
  const runner = async () => {
    const {
      rows: [row],
    } = await client.query<{ id: string }>(
      `INSERT INTO exports (report, params, requested_by, expires_at) VALUES ('wallet-transactions', $1, $2, now() + interval '1 day') RETURNING id`,
      [params, staff!.id],
    );
    const t = performance.now();
    const ok = await runExport(db, store, row!.id, (m, e) => {
      if (e) say(`${m}: ${String(e)}`);
    });
    const ms = performance.now() - t;
    const {
      rows: [done],
    } = await client.query<{ status: string; total_rows: string; bytes: string }>(
      `SELECT status, total_rows, bytes FROM exports WHERE id = $1`,
      [row!.id],
    );
    if (!ok || done!.status !== 'done' || Number(done!.total_rows) !== rows)
      throw new Error(`the export did not finish with ${rows} rows: ${JSON.stringify(done)}`);
    return { ms, bytes: Number(done!.bytes) };
  };

  await bareCopy(); // warm the cache once so both sides read the same pages from memory
  const results: { round: number; copyMs: number; runnerMs: number; bytes: number; peakRss: number }[] = [];
  const baseRss = process.memoryUsage.rss();
  for (let round = 1; round <= rounds; round++) {
    // Alternate which side goes first, so neither always gets the warmer cache.
    const first = round % 2 === 1 ? 'copy' : 'runner';
    let copy = { ms: 0, bytes: 0 };
    let run = { result: { ms: 0, bytes: 0 }, peakRss: 0 };
    if (first === 'copy') {
      copy = await bareCopy();
      run = await withPeakRss(runner);
    } else {
      run = await withPeakRss(runner);
      copy = await bareCopy();
    }
    results.push({ round, copyMs: copy.ms, runnerMs: run.result.ms, bytes: run.result.bytes, peakRss: run.peakRss });
    say(
      `round ${round}: COPY ${copy.ms.toFixed(0)} ms, runner ${run.result.ms.toFixed(0)} ms (${((copy.ms / run.result.ms) * 100).toFixed(0)}%), ${mb(run.result.bytes)} MB CSV, peak RSS ${mb(run.peakRss)} MB`,
    );
  }
  await client.end();

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const copyMs = median(results.map((r) => r.copyMs));
  const runnerMs = median(results.map((r) => r.runnerMs));
  // Each round runs both sides back to back, so the per-round ratio cancels the machine's load swings.
  const ratio = median(results.map((r) => r.copyMs / r.runnerMs));
  const peak = Math.max(...results.map((r) => r.peakRss));
  const lines = [
    `# CSV export throughput (${new Date().toISOString().slice(0, 10)})`,
    '',
    args.note ? `${args.note}\n` : '',
    `- Dataset: ${edge!.total.toLocaleString('en-US')} wallet transactions; exported window ${params.start}..${params.end}: **${rows.toLocaleString('en-US')} rows**, ${mb(results[0]!.bytes)} MB of CSV.`,
    `- Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
    `- Rounds: ${rounds}, alternating which side runs first; medians below.`,
    '',
    '| | ms (median) | rows/s |',
    '|---|---:|---:|',
    `| PostgreSQL \`COPY (same SELECT) TO STDOUT CSV\`, bytes discarded | ${copyMs.toFixed(0)} | ${Math.round(rows / (copyMs / 1000)).toLocaleString('en-US')} |`,
    `| Export runner (COPY → count → AES-256-GCM → file store, progress rows) | ${runnerMs.toFixed(0)} | ${Math.round(rows / (runnerMs / 1000)).toLocaleString('en-US')} |`,
    '',
    `- Runner throughput: **${(ratio * 100).toFixed(0)}%** of bare COPY (median of the per-round ratios; target ≥ 50%): ${ratio >= 0.5 ? 'met' : 'NOT met'}.`,
    `- Peak RSS of the process while the runner worked: **${mb(peak)} MB** (before the rounds: ${mb(baseRss)} MB; target < 200 MB): ${peak < 200 * MB ? 'met' : 'NOT met'}.`,
    '',
    '| round | COPY ms | runner ms | runner / COPY throughput | peak RSS MB |',
    '|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.round} | ${r.copyMs.toFixed(0)} | ${r.runnerMs.toFixed(0)} | ${((r.copyMs / r.runnerMs) * 100).toFixed(0)}% | ${mb(r.peakRss)} |`,
    ),
    '',
  ].filter((l, i, all) => !(l === '' && all[i - 1] === ''));
  const out =
    args.out ?? path.join(root, 'bench/results', `${new Date().toISOString().slice(0, 10)}-csv-export-${rows}.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, lines.join('\n'));
  say(`written ${path.relative(root, out)}`);
} finally {
  await closeDb(db).catch(() => undefined);
  rmSync(filesDir, { recursive: true, force: true });
  await server?.stop();
}
