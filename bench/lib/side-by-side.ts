import type pg from 'pg';
import type { Query } from './capture';
import { leanConnection, nodeConnection } from './http1';
import { percentile } from './stats';

export type SideBySide = {
  inputs: number;
  samples: number;
  queriesPerCall: number;
  bare: { p50: number; p95: number };
  /** Through the lean client (lib/http1.ts): the API's own cost; the rule is read on this. */
  http: { p50: number; p95: number };
  /** Through Node's http client, measured in the same rounds: what a Node caller sees. */
  nodeHttp: { p50: number; p95: number };
  /** HTTP p50 (lean client) ÷ bare p50. */
  ratio: number;
};

export type Alternated = { samples: number; a: { p50: number; p95: number }; b: { p50: number; p95: number } };

/**
 * Two kinds of request, one at a time, alternately (a then b, b then a in the next round) over
 * the same inputs: both see the same machine at the same moment, which two load runs ten
 * seconds apart on a shared machine do not.
 */
export async function alternate(opts: {
  baseUrl: string;
  token: string;
  pairs: [string, string][];
  rounds: number;
}): Promise<Alternated> {
  const { get: httpOnce, close } = await leanConnection(opts.baseUrl, opts.token);
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
  return {
    samples: a.length,
    a: { p50: percentile(a, 50), p95: percentile(a, 95) },
    b: { p50: percentile(b, 50), p95: percentile(b, 95) },
  };
}

/** The orders in which the three sides of one input are measured, one per round in turn. */
const ORDERS = [
  [0, 1, 2],
  [2, 1, 0],
  [1, 2, 0],
  [0, 2, 1],
  [2, 0, 1],
  [1, 0, 2],
] as const;

/**
 * One request at a time against one query at a time: for each input the call's own SQL runs
 * bare over one pg connection (every statement the call sends, one after another), and the same
 * call goes through HTTP over one keep-alive connection, through the lean client and through
 * Node's http client; the three one after another, in an order that changes every round (six
 * orders), so all see the same machine at the same moment.
 */
export async function sideBySide(opts: {
  client: pg.Client;
  baseUrl: string;
  token: string;
  items: { path: string; queries: Query[] }[];
  rounds: number;
}): Promise<SideBySide> {
  const lean = await leanConnection(opts.baseUrl, opts.token);
  const node = nodeConnection(opts.baseUrl, opts.token);
  const bareOnce = async (queries: Query[]) => {
    let total = 0;
    // The same protocol as the call: a prepared statement stays prepared (planned once per
    // connection, in the untimed first pass), an unnamed one is parsed and planned every time;
    // one the call ran on its generic plan (`Db.$generic`) runs on it here too (the switch is
    // not timed).
    for (const q of queries) {
      const config = { text: q.text, values: q.values, ...(q.name ? { name: q.name } : {}) };
      if (q.generic) await opts.client.query('SET plan_cache_mode = force_generic_plan');
      const t = performance.now();
      await (q.rowMode ? opts.client.query({ ...config, rowMode: 'array' }) : opts.client.query(config));
      total += performance.now() - t;
      if (q.generic) await opts.client.query('RESET plan_cache_mode');
    }
    return total;
  };
  type Item = (typeof opts.items)[number];
  const sides: ((item: Item) => Promise<number>)[] = [
    (i) => bareOnce(i.queries),
    (i) => lean.get(i.path),
    (i) => node.get(i.path),
  ];
  const times: number[][] = [[], [], []];
  try {
    // One untimed pass: the same warm caches for every side.
    for (const item of opts.items) for (const side of sides) await side(item);
    for (let round = 0; round < opts.rounds; round++) {
      const order = ORDERS[round % ORDERS.length]!;
      for (const item of opts.items) {
        for (const k of order) times[k]!.push(await sides[k]!(item));
      }
    }
  } finally {
    lean.close();
    node.close();
  }
  const [bare, viaLean, viaNode] = times.map((t) => ({ p50: percentile(t, 50), p95: percentile(t, 95) }));
  return {
    inputs: opts.items.length,
    samples: times[0]!.length,
    queriesPerCall: opts.items.reduce((n, i) => n + i.queries.length, 0) / Math.max(1, opts.items.length),
    bare: bare!,
    http: viaLean!,
    nodeHttp: viaNode!,
    ratio: viaLean!.p50 / bare!.p50,
  };
}
