/**
 * The long request fuzzer: see bench/README.md ("Fuzzing").
 *   npx tsx bench/fuzz.ts [--requests 100000] [--seeds 20261125,1,2] [--concurrency 6] [--out bench/results/<date>-fuzz.md] [--note "..."]
 *
 * Runs apps/api/src/reliability/fuzz.test.ts (the in-process app on its own cloned test database,
 * as in `npm test`) once per seed with FUZZ_REQUESTS requests, reads the figures each run writes
 * (FUZZ_REPORT) and records them in one Markdown file: requests per role and per defect kind,
 * status codes and error codes seen, time taken, failures.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg: string) => process.stdout.write(`[bench:fuzz] ${msg}\n`);

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    seeds: { type: 'string', default: '20261125' },
    concurrency: { type: 'string', default: '6' },
    out: { type: 'string' },
    note: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  say(
    'usage: npx tsx bench/fuzz.ts [--requests 100000] [--seeds 20261125,1,2] [--concurrency 6] [--out file.md] [--note "..."]',
  );
  process.exit(0);
}
const requests = Number(args.requests);
const seeds = args.seeds!.split(',').map((s) => Number(s.trim()));
if (!(requests > 0) || seeds.some((s) => !Number.isInteger(s)))
  throw new Error('--requests must be positive and --seeds whole numbers');

type Summary = {
  seed: number;
  requests: number;
  operations: number;
  seconds: number;
  perRole: Record<string, number>;
  perDefect: Record<string, number>;
  noDefectPossible: number;
  statuses: Record<string, number>;
  codes: Record<string, number>;
  minPerOperation: number;
  tablesChecked: number;
  tablesChanged: string[];
  failures: number;
  failureSamples?: {
    why: string;
    role: string;
    status: number;
    body: string;
    req: { method: string; url: string; defects: string[] };
  }[];
};

const runs: (Summary & { passed: boolean; wallSeconds: number })[] = [];
const scratch = path.join(root, '.data', 'bench-fuzz');
mkdirSync(scratch, { recursive: true });
for (const seed of seeds) {
  const report = path.join(scratch, `seed-${seed}.json`);
  rmSync(report, { force: true });
  say(`seed ${seed}: ${requests} requests...`);
  const started = Date.now();
  const res = spawnSync('npx', ['vitest', 'run', 'apps/api/src/reliability/fuzz.test.ts', '-t', 'sends'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      FUZZ_SEED: String(seed),
      FUZZ_REQUESTS: String(requests),
      FUZZ_CONCURRENCY: args.concurrency,
      FUZZ_REPORT: report,
    },
  });
  const wallSeconds = (Date.now() - started) / 1000;
  let summary: Summary;
  try {
    summary = JSON.parse(readFileSync(report, 'utf8')) as Summary;
  } catch {
    throw new Error(`seed ${seed}: the fuzz run wrote no figures (exit ${res.status}); see its output above`);
  }
  runs.push({
    ...summary,
    passed: res.status === 0 && summary.failures === 0 && summary.tablesChanged.length === 0,
    wallSeconds,
  });
  say(
    `seed ${seed}: ${summary.requests} requests in ${summary.seconds} s, ${summary.failures} failures, exit ${res.status}`,
  );
}

const fmt = (n: number) => n.toLocaleString('en-US');
const sum = (pick: (r: Summary) => Record<string, number>) => {
  const out: Record<string, number> = {};
  for (const r of runs) for (const [k, v] of Object.entries(pick(r))) out[k] = (out[k] ?? 0) + v;
  return out;
};
const table = (head: [string, string], rows: Record<string, number>) =>
  [
    `| ${head[0]} | ${head[1]} |`,
    '| --- | ---: |',
    ...Object.entries(rows).map(([k, v]) => `| ${k} | ${fmt(v)} |`),
  ].join('\n');
const total = runs.reduce((a, r) => a + r.requests, 0);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
const date = new Date().toISOString().slice(0, 10);
const out = args.out ?? path.join(root, 'bench', 'results', `${date}-fuzz.md`);
const md = `# Request fuzzer, long run (${date})

\`npx tsx bench/fuzz.ts --requests ${requests} --seeds ${seeds.join(',')}\` at ${commit}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load average at the end ${os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ')}.
${args.note ? `\n${args.note}\n` : ''}
Each run is \`apps/api/src/reliability/fuzz.test.ts\` with FUZZ_REQUESTS and FUZZ_SEED: the app in process on a cloned
test database holding 120 demo customers and their records, every /v1 operation of the OpenAPI document, as the four
system roles and anonymously, ${'`'}app.inject${'`'} with ${args.concurrency} requests in flight. Every request carries at least one
defect the API must refuse (except those to an operation with nothing to break, below).

## Result

| seed | requests | operations | min per operation | seconds sending | wall seconds | 5xx | failures | tables checked | tables changed | passed |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |
${runs
  .map(
    (r) =>
      `| ${r.seed} | ${fmt(r.requests)} | ${r.operations} | ${r.minPerOperation} | ${r.seconds} | ${r.wallSeconds.toFixed(0)} | ${Object.entries(
        r.statuses,
      )
        .filter(([s]) => Number(s) >= 500)
        .reduce(
          (a, [, v]) => a + v,
          0,
        )} | ${r.failures} | ${r.tablesChecked} | ${r.tablesChanged.join(', ') || 'none'} | ${r.passed ? 'yes' : 'NO'} |`,
  )
  .join('\n')}

Total: ${fmt(total)} requests.

## Requests per role

${table(
  ['role', 'requests'],
  sum((r) => r.perRole),
)}

## Requests per defect kind (a request may carry two)

${table(
  ['defect', 'requests'],
  sum((r) => r.perDefect),
)}
| (none possible: \`GET /v1/user/get-all-alert\`, public, takes no input) | ${fmt(runs.reduce((a, r) => a + r.noDefectPossible, 0))} |

## Status codes

${table(
  ['status', 'answers'],
  sum((r) => r.statuses),
)}

## Error codes (\`fields\`: a validation error with the fields it names)

${table(
  ['status and code', 'answers'],
  sum((r) => r.codes),
)}
${runs.some((r) => r.failures) ? `\n## Failures (first samples)\n\n${runs.flatMap((r) => (r.failureSamples ?? []).slice(0, 10).map((f) => `- seed ${r.seed}: ${f.why}: ${f.role} ${f.req.method} ${f.req.url.slice(0, 160)} [${f.req.defects.join(', ')}] -> ${f.status} ${f.body.slice(0, 160)}`)).join('\n')}\n` : ''}`;
writeFileSync(out, md);
say(`written ${path.relative(root, out)}`);
if (runs.some((r) => !r.passed)) process.exitCode = 1;
