/**
 * Start time and memory of the API server run through tsx (before issue 21, finding 7) against
 * plain node on the build (`npm run build:api`). See bench/README.md ("Build start").
 *
 *   npm run build:api && npx tsx bench/build-start.ts [--runs 3] [--port 9285] [--out file.md] [--note "..."]
 *
 * One prepared DATA_DIR (the embedded PostgreSQL initialised and migrated by an untimed first
 * start), then the variants alternating, `--runs` times each: from spawning the process to the
 * first 200 from /readyz (polled every 50 ms), and the server process's RSS (VmRSS) at that
 * moment and 3 s later. The embedded PostgreSQL is its own processes and is not counted. Each
 * start is stopped with SIGTERM and must exit 0.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '9285' },
    out: { type: 'string' },
    note: { type: 'string' },
  },
});
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(opts.runs);
const port = Number(opts.port);
const dataDir = path.join(root, '.data/bench-build-start');
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  SECRETS_KEY: 'a9ae5e2915dd5b464a947d07c56bbfe7795507b7730278c4b56c6e4625409231',
  CHAIN: 'false',
  LOG_LEVEL: 'warn',
};
const variants = [
  { name: 'tsx (node --import tsx apps/api/src/main.ts)', args: ['--import', 'tsx', 'apps/api/src/main.ts'] },
  { name: 'node on the build (npm run start:prod)', args: ['--enable-source-maps', 'apps/api/dist/main.js'] },
  { name: 'node on the build, no source maps', args: ['apps/api/dist/main.js'] },
];

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startOnce(args: string[]) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output}`);
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (performance.now() - started > 120_000) throw new Error(`no /readyz within 120 s:\n${output}`);
    await sleep(50);
  }
  const readyMs = performance.now() - started;
  const rssReady = rssMb(child.pid!);
  await sleep(3000);
  const rssSettled = rssMb(child.pid!);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`exit ${code} after SIGTERM:\n${output}`);
  return { readyMs, rssReady, rssSettled };
}

console.log('preparing the data folder (untimed start)');
await startOnce(variants[1]!.args);
const results = new Map<string, { readyMs: number; rssReady: number; rssSettled: number }[]>(
  variants.map((v) => [v.name, []]),
);
for (let i = 0; i < runs; i++) {
  for (const v of variants) {
    const r = await startOnce(v.args);
    results.get(v.name)!.push(r);
    console.log(
      `${v.name} #${i + 1}: ready ${r.readyMs.toFixed(0)} ms, RSS ${r.rssReady.toFixed(1)} MB, ${r.rssSettled.toFixed(1)} MB after 3 s`,
    );
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows = variants.map((v) => {
  const rs = results.get(v.name)!;
  return `| ${v.name} | ${rs.map((r) => r.readyMs.toFixed(0)).join(', ')} | ${median(rs.map((r) => r.readyMs)).toFixed(0)} | ${rs.map((r) => r.rssReady.toFixed(0)).join(', ')} | ${rs.map((r) => r.rssSettled.toFixed(0)).join(', ')} | ${median(rs.map((r) => r.rssSettled)).toFixed(0)} |`;
});
const report = [
  `Node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end.`,
  opts.note ? `\n${opts.note}\n` : '',
  '| Start | Process start to /readyz 200 (ms) | median | RSS at ready (MB) | RSS 3 s later (MB) | median |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
console.log(`\n${report}`);
if (opts.out) {
  mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
  writeFileSync(opts.out, `${report}\n`);
}
