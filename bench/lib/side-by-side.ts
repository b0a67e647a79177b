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

/** One keep-alive HTTP connection, one signed-in GET at a time; the time of each in ms. */
function oneConnection(baseUrl: string, token: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl);
  const get = (path: string) => new Promise<number>((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'GET', agent, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
  const httpOnce = async (path: string) => {
    const t = performance.now();
    const status = await get(path);
    const took = performance.now() - t;
    if (status !== 200) throw new Error(`${path} answered ${status}`);
    return took;
  };
  return { httpOnce, close: () => agent.destroy() };
}

export type Alternated = { samples: number; a: { p50: number; p95: number }; b: { p50: number; p95: number } };

/**
 * Two kinds of request, one at a time, alternately (a then b, b then a in the next round) over
 * the same inputs: both see the same machine at the same moment, which two load runs ten
 * seconds apart on a shared machine do not.
 */
export async function alternate(opts: { baseUrl: string; token: string; pairs: [string, string][]; rounds: number }): Promise<Alternated> {
  const { httpOnce, close } = oneConnection(opts.baseUrl, opts.token);
  const a: number[] = [];
  const b: number[] = [];
  try {
    for (const [x, y] of opts.pairs) {
      await httpOnce(x);
      await httpOnce(y);
    }
    for (let round = 0; round < opts.rounds; round++) {
      for (const [x, y] of opts.pairs) {
        if (round % 2 === 0) {
          a.push(await httpOnce(x));
          b.push(await httpOnce(y));
        } else {
          b.push(await httpOnce(y));
          a.push(await httpOnce(x));
        }
      }
    }
  } finally {
    close();
  }
  return { samples: a.length, a: { p50: percentile(a, 50), p95: percentile(a, 95) }, b: { p50: percentile(b, 50), p95: percentile(b, 95) } };
}

/**
 * One request at a time against one query at a time: for each input the call's own SQL runs
 * bare over one pg connection (every statement the call sends, one after another), and the same
 * call goes through HTTP over one keep-alive connection, alternately, in rounds whose order
 * flips, so both sides see the same machine at the same moment.
 */
export async function sideBySide(opts: {
  client: pg.Client; baseUrl: string; token: string; items: { path: string; queries: Query[] }[]; rounds: number;
}): Promise<SideBySide> {
  const { httpOnce, close } = oneConnection(opts.baseUrl, opts.token);
  const bareOnce = async (queries: Query[]) => {
    const t = performance.now();
    // The same protocol as the call: a prepared statement stays prepared (planned once per
    // connection, in the untimed first pass), an unnamed one is parsed and planned every time.
    for (const q of queries) {
      const config = { text: q.text, values: q.values, ...(q.name ? { name: q.name } : {}) };
      await (q.rowMode ? opts.client.query({ ...config, rowMode: 'array' }) : opts.client.query(config));
    }
    return performance.now() - t;
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
  close();
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
