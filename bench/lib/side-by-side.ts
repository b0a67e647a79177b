import http from 'node:http';
import type pg from 'pg';
import type { Query } from './capture';
import { percentile } from './stats';

export type SideBySide = {
  inputs: number;
  samples: number;
  queriesPerCall: number;
  bare: { p50: number; p95: number };
  http: { p50: number; p95: number };
  /** HTTP p50 ÷ bare p50. */
  ratio: number;
};

/**
 * One request at a time against one query at a time: for each input the call's own SQL runs
 * bare over one pg connection (every statement the call sends, one after another), and the same
 * call goes through HTTP over one keep-alive connection, alternately, in rounds whose order
 * flips, so both sides see the same machine at the same moment.
 */
export async function sideBySide(opts: {
  client: pg.Client; baseUrl: string; token: string; items: { path: string; queries: Query[] }[]; rounds: number;
}): Promise<SideBySide> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(opts.baseUrl);
  const get = (path: string) => new Promise<number>((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'GET', agent, headers: { authorization: `Bearer ${opts.token}`, accept: 'application/json' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  const bareOnce = async (queries: Query[]) => {
    const t = performance.now();
    for (const q of queries) await (q.rowMode ? opts.client.query({ text: q.text, values: q.values, rowMode: 'array' }) : opts.client.query({ text: q.text, values: q.values }));
    return performance.now() - t;
  };
  const httpOnce = async (path: string) => {
    const t = performance.now();
    const status = await get(path);
    const took = performance.now() - t;
    if (status !== 200) throw new Error(`side by side: ${path} answered ${status}`);
    return took;
  };
  // One untimed pass: the same warm caches for both sides.
  for (const item of opts.items) {
    await bareOnce(item.queries);
    await httpOnce(item.path);
  }
  const bare: number[] = [];
  const viaHttp: number[] = [];
  for (let round = 0; round < opts.rounds; round++) {
    for (const item of opts.items) {
      if (round % 2 === 0) {
        bare.push(await bareOnce(item.queries));
        viaHttp.push(await httpOnce(item.path));
      } else {
        viaHttp.push(await httpOnce(item.path));
        bare.push(await bareOnce(item.queries));
      }
    }
  }
  agent.destroy();
  const b50 = percentile(bare, 50);
  const h50 = percentile(viaHttp, 50);
  return {
    inputs: opts.items.length,
    samples: bare.length,
    queriesPerCall: opts.items.reduce((n, i) => n + i.queries.length, 0) / Math.max(1, opts.items.length),
    bare: { p50: b50, p95: percentile(bare, 95) },
    http: { p50: h50, p95: percentile(viaHttp, 95) },
    ratio: h50 / b50,
  };
}
