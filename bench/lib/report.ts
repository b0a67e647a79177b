import type { Endpoint } from '../endpoints';
import { ms } from './stats';
import type { Alternated, SideBySide } from './side-by-side';
import type { LoadResult } from './wrk';

export type PageResult = { page: number; load: LoadResult; inputs: number; rows: number | null };

export type EndpointResult = {
  endpoint: Pick<Endpoint, 'name' | 'title' | 'route' | 'p95TargetMs' | 'bareRule'>;
  status: 'ok' | 'not built' | 'error';
  note?: string;
  inputs: number;
  loadAvgBefore: number;
  load?: LoadResult;
  side?: SideBySide;
  sideSkipped?: string;
  pages?: Pages;
  pagesSkipped?: string;
};

export type RunInfo = {
  startedAt: string;
  finishedAt: string;
  machine: {
    cpus: number;
    model: string;
    memoryGb: number;
    os: string;
    node: string;
    postgres: string;
    wrk: string | null;
    loadAvgStart: number[];
  };
  settings: {
    connections: number;
    seconds: number;
    warmupSeconds: number;
    pageSeconds: number;
    deepPage: number;
    sideInputs: number;
    sideRounds: number;
    server: string;
  };
  dataset: { counts: Record<string, number>; databaseSize: string; generation: string | null };
  code: string;
  note: string | null;
};

export type Pages = { first: PageResult; deep: PageResult; oneAtATime: Alternated };

/**
 * Page-number rule: the deep page not empty, no errors, and its p50 within 1.25× (+1 ms of
 * noise) of page 1's, one request at a time, alternately over the same inputs (two load runs
 * seconds apart on a shared machine differ by more than that on their own).
 */
export const pageVerdict = (p: Pages) =>
  p.deep.rows !== null &&
  p.deep.rows > 0 &&
  [p.first.load, p.deep.load].every((l) => l.requests > 0 && l.errorStatus === 0 && l.socketErrors === 0) &&
  p.oneAtATime.b.p50 <= p.oneAtATime.a.p50 * 1.25 + 1;

export const p95Verdict = (r: EndpointResult) =>
  r.load !== undefined &&
  r.load.requests > 0 &&
  r.endpoint.p95TargetMs !== null &&
  r.load.errorStatus === 0 &&
  r.load.socketErrors === 0 &&
  r.load.p95 <= r.endpoint.p95TargetMs;

const yes = (ok: boolean) => (ok ? '**pass**' : '**FAIL**');
const int = (n: number) => Math.round(n).toLocaleString('en-US');

export function renderReport(info: RunInfo, results: EndpointResult[]): string {
  const s = info.settings;
  const lines: string[] = [];
  lines.push(`# Users area speed: ${info.startedAt.slice(0, 10)}`, '');
  lines.push(
    `Run ${info.startedAt} → ${info.finishedAt} (UTC) with \`bench/run.ts\`; re-run it as \`bench/README.md\` says.`,
    '',
  );
  lines.push(`Code measured: ${info.code}.`, '');
  if (info.note) lines.push(info.note, '');
  lines.push('## Machine', '');
  lines.push(`- ${info.machine.cpus} × ${info.machine.model}, ${info.machine.memoryGb} GB RAM, ${info.machine.os}`);
  lines.push(
    `- Node ${info.machine.node}; ${info.machine.postgres}; load tool: ${info.machine.wrk ?? 'wrk (version unknown)'}`,
  );
  lines.push(
    `- Load average at the start: ${info.machine.loadAvgStart.map((l) => l.toFixed(2)).join(', ')} (the machine is shared: the API, PostgreSQL and the load tool all run on these cores)`,
  );
  lines.push(`- Server: ${s.server}`, '');
  lines.push('## Dataset', '');
  lines.push('| table | rows |', '| --- | ---: |');
  for (const [table, n] of Object.entries(info.dataset.counts)) lines.push(`| ${table} | ${int(n)} |`);
  lines.push(
    '',
    `Database size: ${info.dataset.databaseSize}.${info.dataset.generation ? ` Generation: ${info.dataset.generation}` : ''}`,
    '',
  );

  lines.push(
    `## Under load: ${s.connections} concurrent connections, ${s.seconds} s per call (after ${s.warmupSeconds} s of warm-up)`,
    '',
  );
  lines.push(
    'CPU per request: CPU time of the API process and of PostgreSQL (all its processes) during the run, divided by the requests served; steadier than latency on a shared machine.',
    '',
  );
  lines.push(
    '| call | route | inputs | p50 ms | p95 ms | p99 ms | req/s | errors | target p95 | verdict | CPU µs/req API + PG | load avg before |',
  );
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const r of results) {
    // No answer at all (every request timed out): there are no latencies to show.
    const l = r.load && r.load.requests > 0 ? r.load : undefined;
    const target = r.endpoint.p95TargetMs === null ? '–' : `≤ ${r.endpoint.p95TargetMs}`;
    const verdict = r.status !== 'ok' ? r.status : r.endpoint.p95TargetMs === null ? 'measured' : yes(p95Verdict(r));
    const errors = r.load ? r.load.errorStatus + r.load.socketErrors : null;
    const cpu = l && l.apiCpuUs !== null ? `${int(l.apiCpuUs)} + ${l.pgCpuUs === null ? '?' : int(l.pgCpuUs)}` : '–';
    lines.push(
      `| ${r.endpoint.name} | \`${r.endpoint.route}\` | ${r.inputs} | ${ms(l?.p50)} | ${ms(l?.p95)} | ${ms(l?.p99)} | ${r.load ? int(r.load.rps) : '–'} | ${errors ?? '–'} | ${target} | ${verdict} | ${cpu} | ${r.loadAvgBefore.toFixed(2)} |`,
    );
  }
  lines.push('');

  lines.push('## The call against its own SQL, one at a time', '');
  lines.push(
    `For each of up to ${s.sideInputs} inputs, the statements the call sends to PostgreSQL (recorded by running the call once in process; the auth guard's session lookup left out) run bare over one pg connection, one after another, and the same call goes through HTTP over one keep-alive connection, through a lean client (HTTP/1.1 written straight onto the socket, as wrk does) and through Node's http client; the three one after another, ${s.sideRounds} rounds, the order changed every round. Like with like: one request at a time against one query at a time. The rule is read on the lean client: Node's http client spends about 80 µs of its own CPU per request, which is the caller's cost, not the API's (its column shows what a Node caller sees).`,
    '',
  );
  lines.push(
    '| call | samples | statements per call | bare SQL p50 ms | bare SQL p95 ms | HTTP p50 ms | HTTP p95 ms | HTTP p50 ÷ SQL p50 | rule | Node http client: p50 ms (÷ SQL p50) |',
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |');
  for (const r of results) {
    if (r.status !== 'ok') continue;
    const d = r.side;
    if (!d) {
      lines.push(`| ${r.endpoint.name} | – | – | – | – | – | – | – | ${r.sideSkipped ?? 'skipped'} | – |`);
      continue;
    }
    const rule = r.endpoint.bareRule ? `≤ 1.5: ${yes(d.ratio <= 1.5)}` : 'measured';
    lines.push(
      `| ${r.endpoint.name} | ${d.samples} | ${d.queriesPerCall.toFixed(1)} | ${ms(d.bare.p50)} | ${ms(d.bare.p95)} | ${ms(d.http.p50)} | ${ms(d.http.p95)} | ${d.ratio.toFixed(2)} | ${rule} | ${ms(d.nodeHttp.p50)} (${(d.nodeHttp.p50 / d.bare.p50).toFixed(2)}) |`,
    );
  }
  lines.push('');

  lines.push(`## Page 1 against page ${s.deepPage.toLocaleString('en-US')}`, '');
  lines.push(
    `The same inputs (those with a page ${s.deepPage}) at page 1 and at page ${s.deepPage}: under load (${s.connections} connections, ${s.pageSeconds} s each, one run after the other), and one request at a time, alternately, ${s.sideRounds} rounds. Rule: page ${s.deepPage} not empty, no errors, and its one-at-a-time p50 within 1.25× of page 1's (+1 ms for noise); the alternating measure decides because two load runs seconds apart on a shared machine differ by more than that on their own.`,
    '',
  );
  lines.push(
    `| call | inputs | load: page 1 p50 / p95 | load: page ${s.deepPage} p50 / p95 | one at a time: page 1 p50 | one at a time: page ${s.deepPage} p50 | rows on page ${s.deepPage} | errors | verdict |`,
  );
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of results) {
    if (r.status !== 'ok') continue;
    const p = r.pages;
    if (!p) {
      if (r.pagesSkipped) lines.push(`| ${r.endpoint.name} | – | – | – | – | – | – | – | ${r.pagesSkipped} |`);
      continue;
    }
    const errors =
      p.first.load.errorStatus + p.first.load.socketErrors + p.deep.load.errorStatus + p.deep.load.socketErrors;
    lines.push(
      `| ${r.endpoint.name} | ${p.deep.inputs} | ${ms(p.first.load.p50)} / ${ms(p.first.load.p95)} | ${ms(p.deep.load.p50)} / ${ms(p.deep.load.p95)} | ${ms(p.oneAtATime.a.p50)} | ${ms(p.oneAtATime.b.p50)} | ${p.deep.rows ?? '?'} | ${errors} | ${yes(pageVerdict(p))} |`,
    );
  }
  lines.push('');
  const notes = results.filter((r) => r.note);
  if (notes.length) {
    lines.push('## Notes', '');
    for (const r of notes) lines.push(`- ${r.endpoint.name}: ${r.note}`);
    lines.push('');
  }
  return lines.join('\n');
}
