/**
 * The product API under a customer app's load (issue 32): the simulator (apps/customer-app) sends
 * `--rate` signed requests a second (100) for `--seconds` (60) to a built API server (its worker
 * in-process, delivering webhooks), while `--events` outbox events a second (20), written as a
 * decision writes them, are delivered to the simulator's webhook endpoint. It records the API's
 * p50/p99 per kind of call and overall, the answers by status, and the delivery lag (from the
 * event's commit, occurred_at, to the endpoint's 2xx) p50/p99/max. Not part of `npm test`.
 *
 *   npx tsx bench/product-api.ts [--rate 100] [--seconds 60] [--events 20] [--users 3000]
 *       [--pg-port 55301] [--port 8391] [--out bench/results/<date>-product-api.md] [--note "..."]
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ALL_PRODUCT_SCOPES } from '@vaultdesk/contract';
import { startEmbeddedPostgres } from '@vaultdesk/db';
import { createProductClient, startWebhookReceiver, type ProductAnswer } from '@vaultdesk/customer-app';
import { encryptSecret } from '../apps/api/src/credentials/credentials';
import { TEST_SECRETS_KEY } from '../test/test-env';
import { baseEnv, buildApi, repoRoot, startNode, waitReady, type NodeProcess } from '../test/processes';
import { percentile } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
    events: { type: 'string', default: '20' },
    users: { type: 'string', default: '3000' },
    'pg-port': { type: 'string', default: '55301' },
    port: { type: 'string', default: '8391' },
    out: { type: 'string' },
    note: { type: 'string' },
  },
});
const say = (msg: string) => process.stdout.write(`[bench:product-api] ${msg}\n`);
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const eventRate = Number(args.events);
const dataDir = path.join(repoRoot, '.data/bench-product-api');
const base = `http://127.0.0.1:${args.port}`;
const started = new Date();

rmSync(dataDir, { recursive: true, force: true });
const embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), port: Number(args['pg-port']) });
const procs: NodeProcess[] = [];
const db = new pg.Client({ connectionString: embedded.url });
let secret = '';
const receiver = await startWebhookReceiver({ secret: () => secret });
try {
  const built = buildApi(path.join(repoRoot, 'apps/api/.data/bench-product-build'));
  const server = startNode(['--enable-source-maps', built.main], {
    ...baseEnv(),
    NODE_ENV: 'development',
    SECRETS_KEY: TEST_SECRETS_KEY,
    DATABASE_URL: embedded.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    DEMO_USERS: args.users,
    CHAIN: 'false',
    LOG_LEVEL: 'warn',
    PORT: args.port,
    HOST: '127.0.0.1',
    APP_URL: base,
    WEBHOOK_POLL_MS: '200',
  });
  procs.push(server);
  say(`API ready in ${await waitReady(server, base, 900_000)} ms`);
  await db.connect();

  // The customer app's client: every scope, a rate limit above the bench's rate, webhooks to the simulator.
  secret = `vds_${randomUUID().replaceAll('-', '')}`;
  const keyId = `vdk_bench${randomUUID().slice(0, 8)}`;
  await db.query(
    `INSERT INTO service_clients (name, key_id, secret_enc, scopes, webhook_url, rate_limit_per_minute)
     VALUES ('Bench customer app', $1, $2, $3, $4, 100000)`,
    [keyId, encryptSecret(Buffer.from(TEST_SECRETS_KEY, 'hex'), secret), ALL_PRODUCT_SCOPES, receiver.url],
  );
  const app = createProductClient({ baseUrl: base, keyId, secret });

  // Customers to read and act on: registered through the API before the measured minute.
  const customers: string[] = [];
  for (let i = 0; i < 50; i++) {
    const c = await app.ok<{ customerId: string }>('POST', '/product/v1/customers', registration(`seed${i}`));
    customers.push(c.customerId);
  }
  const pick = () => customers[Math.floor(Math.random() * customers.length)]!;
  const kinds: [string, number, () => Promise<ProductAnswer>][] = [
    ['read customer', 40, () => app.call('GET', `/product/v1/customers/${pick()}`)],
    ['register customer', 20, () => app.call('POST', '/product/v1/customers', registration(randomUUID().slice(0, 12)))],
    [
      'open plan',
      15,
      () => app.call('POST', `/product/v1/customers/${pick()}/plans`, { planType: 'flexible', planName: 'Bench' }),
    ],
    ['read requests', 15, () => app.call('GET', `/product/v1/customers/${pick()}/requests?limit=20`)],
    ['read events', 10, () => app.call('GET', '/product/v1/events?after=0&limit=50')],
  ];
  const drawKind = () => {
    let r = Math.random() * 100;
    for (const k of kinds) if ((r -= k[1]) < 0) return k;
    return kinds[0]!;
  };

  const firstEvent = Number((await db.query(`SELECT coalesce(max(id), 0) AS n FROM outbox_events`)).rows[0].n);
  // Decisions' events: written as emitEvent writes them, at --events a second, to one of the customers.
  const eventTimer = setInterval(() => {
    const who = pick();
    void db.query(`INSERT INTO outbox_events (type, user_id, payload) VALUES ('trust_score.changed', $1, $2)`, [
      who,
      JSON.stringify({ customerId: who, before: 50, after: 60 }),
    ]);
  }, 1000 / eventRate);

  const samples: { kind: string; ms: number; status: number }[] = [];
  const pending: Promise<void>[] = [];
  const loadBefore = os.loadavg();
  const t0 = performance.now();
  for (let i = 0; i < rate * seconds; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const [kind, , run] = drawKind();
    pending.push(
      run().then(
        (a) => void samples.push({ kind, ms: a.ms, status: a.status }),
        () => void samples.push({ kind, ms: NaN, status: 0 }),
      ),
    );
  }
  clearInterval(eventTimer);
  await Promise.all(pending);
  const wallS = (performance.now() - t0) / 1000;
  // Every event of the minute delivered (or 60 s more to get there).
  const expected = Number(
    (await db.query(`SELECT count(*) AS n FROM outbox_events WHERE id > $1`, [firstEvent])).rows[0].n,
  );
  for (let s = 0; s < 60 && receiver.events.length < expected; s++) await sleep(1000);
  const lags = receiver.events.map((e) => e.receivedAt - Date.parse(e.occurredAt));
  const loadAfter = os.loadavg();

  const row = (label: string, ms: number[]) =>
    `| ${label} | ${ms.length} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 99).toFixed(1)} | ${Math.max(...ms).toFixed(1)} |`;
  const byStatus = new Map<number, number>();
  for (const s of samples) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
  const ok = samples.filter((s) => s.status >= 200 && s.status < 300);
  const report = [
    `# Product API under a customer app's load: ${rate} requests a second for ${seconds} s, with webhook deliveries`,
    '',
    `Run ${started.toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after.`,
    `\`npx tsx bench/product-api.ts --rate ${rate} --seconds ${seconds} --events ${eventRate} --users ${args.users}\`: the built API (worker in-process), embedded PostgreSQL, ${args.users} demo customers; the simulator (apps/customer-app) signs every call and sends a fresh Idempotency-Key with each write.`,
    args.note ? `\n${args.note}` : '',
    '',
    `Sent ${samples.length} requests in ${wallS.toFixed(1)} s (${(samples.length / wallS).toFixed(1)} a second, open loop: each started on its schedule, whatever the earlier ones were doing).`,
    `Answers: ${[...byStatus].map(([s, n]) => `${s || 'no answer'} × ${n}`).join(', ')}.`,
    '',
    '| Call | Answers | p50 ms | p99 ms | max ms |',
    '|---|---|---|---|---|',
    row(
      'all (2xx)',
      ok.map((s) => s.ms),
    ),
    ...kinds.map(([k]) =>
      row(
        k,
        ok.filter((s) => s.kind === k).map((s) => s.ms),
      ),
    ),
    '',
    `Webhooks: ${expected} events written at ${eventRate} a second during the minute (as a decision writes them, one customer each), ${receiver.events.length} received once each, ${receiver.rejectedCount()} with a bad signature.`,
    '',
    "| Delivery lag (occurred_at to the endpoint's 2xx) | p50 ms | p99 ms | max ms |",
    '|---|---|---|---|',
    `| ${lags.length} deliveries | ${percentile(lags, 50).toFixed(0)} | ${percentile(lags, 99).toFixed(0)} | ${Math.max(...lags).toFixed(0)} |`,
    '',
  ].join('\n');
  const out = args.out ?? `bench/results/${started.toISOString().slice(0, 10)}-product-api.md`;
  writeFileSync(path.join(repoRoot, out), report);
  say(`wrote ${out}`);
  process.stdout.write(report);
} finally {
  await receiver.close();
  await db.end().catch(() => {});
  for (const p of procs) await p.stop('SIGTERM');
  await embedded.stop();
}

function registration(tag: string) {
  return {
    fullName: `Bench Customer ${tag}`,
    username: `bench_${tag.replaceAll('-', '')}`.slice(0, 30),
    email: `bench_${tag}@example.test`,
    country: 'NG',
    device: { type: 'android', serial: `bench-${tag}` },
  };
}
