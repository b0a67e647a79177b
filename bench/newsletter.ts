/**
 * Newsletter throughput bench: one newsletter to N subscribers through the worker's sender and
 * nodemailer into a real local SMTP sink (test/smtp-sink.ts).
 *
 *   npx tsx bench/newsletter.ts --subscribers 100000 --connections 8
 *   npx tsx bench/newsletter.ts --subscribers 2000 --out bench/results/<date>-newsletter-small.md
 *
 * Part 1, no wait configured: messages per second over the whole run, every subscriber exactly
 * once (the sink counts duplicates), and the latency of the send-state page's call
 * (GET /v1/newsletters) sampled while the send runs.
 * Part 2, batch size and wait set (`--batch`, `--wait-seconds`): the size of every batch and the
 * gap between batches, checked against the configuration.
 * Not part of `npm test`: the full size wants the machine to itself.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { closeDb, createDb, openDatabase, runMigrations } from '@vaultdesk/db';
import { bearer, sessionFor } from '../apps/api/test/helpers';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config/config';
import { syncSystemRoles } from '../apps/api/src/modules/admins/system-roles';
import { seedDemoStaff } from '../apps/api/src/demo/demo-staff';
import { testEnv } from '../test/test-env';
import { createNewsletterTransport, runNewsletterSend } from '../apps/worker/src/jobs/newsletter-send';
import { startSmtpSink } from '../test/smtp-sink';
import { startSinkProcess } from './lib/smtp-sink-process';

const { values: args } = parseArgs({
  options: {
    subscribers: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '8' },
    batch: { type: 'string', default: '500' },
    'wait-seconds': { type: 'string', default: '1.2' },
    'wait-subscribers': { type: 'string', default: '2000' },
    out: { type: 'string' },
    'data-dir': { type: 'string', default: '.data/bench-newsletter' },
    port: { type: 'string', default: '8279' },
    // 'process': the sink in a process of its own, as a real relay is (default); 'inline': in this one.
    sink: { type: 'string', default: 'process' },
  },
});
const N = Number(args.subscribers);
const CONNECTIONS = Number(args.connections);
const BATCH = Number(args.batch);
const WAIT_S = Number(args['wait-seconds']);
const WAIT_N = Math.min(N, Number(args['wait-subscribers']));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};

// A database of its own (embedded PostgreSQL under --data-dir, port from --port), dropped and
// rebuilt each run so the counts start from zero.
const dataDir = path.resolve(args['data-dir']);
const config = loadConfig(testEnv({ DATA_DIR: dataDir, PORT: args.port, WORKER: 'false' }));
const database = await openDatabase({
  databaseUrl: undefined,
  dataDir,
  port: config.pgPort,
  log: (m) => console.log(m),
});
const db = createDb(database.ownerUrl, 10);
await runMigrations(db);
await db.$client.query('TRUNCATE newsletter_deliveries, newsletters, newsletter_subscribers');
await syncSystemRoles(db);
await seedDemoStaff(db, config);
const app = await buildApp({ config, db, jobs: { send: async () => null }, logger: false });
const t = {
  app,
  db,
  close: async () => {
    await app.close();
    await closeDb(db);
    await database.stop();
  },
};
const sink =
  args.sink === 'inline'
    ? await (async () => {
        const s = await startSmtpSink({ keepBodies: false });
        return { url: s.url, stats: async () => ({ count: s.count(), duplicates: s.duplicates() }), close: s.close };
      })()
    : await startSinkProcess();
const settings = { appUrl: 'http://localhost:8080', unsubscribeSecret: Buffer.alloc(32, 9) };
const transport = createNewsletterTransport({
  ...settings,
  smtpUrl: sink.url,
  outboxDir: '/tmp/unused',
  connections: CONNECTIONS,
});
const q = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
const lines: string[] = [];
const say = (s: string) => {
  console.log(s);
  lines.push(s);
};

try {
  say(`# Newsletter bench, ${new Date().toISOString()}`);
  say('');
  say(
    `Node ${process.version}, ${CONNECTIONS} SMTP connections to a local smtp-server sink (${args.sink === 'inline' ? "in the sender's process" : 'in a process of its own'}), embedded PostgreSQL, ${os.cpus().length} cores.`,
  );
  await q(
    `INSERT INTO newsletter_subscribers (list, email) SELECT 'subscribers', 'bench' || g || '@example.test' FROM generate_series(1, $1::int) g`,
    [N],
  );
  const approved = async (subject: string) =>
    (
      await q(
        `INSERT INTO newsletters (subject, content, creator_email, delivery_status, is_published) VALUES ($1, '<p>Hello <b>saver</b></p>', 'c@vaultdesk.test', 'pending', true) RETURNING id`,
        [subject],
      )
    )[0].id as string;

  // Part 1: no wait, everything in batches of 10,000.
  await q(`UPDATE newsletter_config SET max_mails_per_batch = 10000, wait_minutes_per_batch = 0`);
  const token = await sessionFor(t.db, 'superadmin@vaultdesk.test');
  const id = await approved('Throughput');
  const latencies: number[] = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/newsletters?page=1&pageSize=10',
        headers: bearer(token),
      });
      if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode}`);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const started = performance.now();
  const outcome = await runNewsletterSend(t.db, id, transport, { settings });
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await sampler;
  const [p] = await q(`SELECT total_sent, total_failed FROM newsletters WHERE id = $1`, [id]);
  const received = await sink.stats();
  say('');
  say(`## 1. ${N.toLocaleString('en-US')} subscribers, no wait`);
  say('');
  say(`| outcome | sent | failed | received by the sink | duplicates | seconds | messages/s |`);
  say(`|---|---|---|---|---|---|---|`);
  say(
    `| ${outcome} | ${p.total_sent} | ${p.total_failed} | ${received.count} | ${received.duplicates.length} | ${seconds.toFixed(1)} | ${Math.round(N / seconds)} |`,
  );
  say('');
  say(
    `Send-state page call while sending (GET /v1/newsletters, ${latencies.length} samples): p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms.`,
  );

  // Part 2: the configured batch size and wait, with the real clock.
  await q(
    `UPDATE newsletter_subscribers SET subscribed = false WHERE id > (SELECT min(id) FROM newsletter_subscribers WHERE list = 'subscribers') + $1 - 1 AND list = 'subscribers'`,
    [WAIT_N],
  );
  await q(`UPDATE newsletter_config SET max_mails_per_batch = $1, wait_minutes_per_batch = $2`, [BATCH, WAIT_S / 60]);
  const id2 = await approved('Batched');
  const batches: { size: number; at: number }[] = [];
  const t2 = performance.now();
  // The wait as the sender sleeps it (summed per gap), and the idle time a subscriber sees: from a
  // batch's end to the next batch's first message.
  const slept: number[] = [];
  const firstAfter: number[] = [];
  let waiting = false;
  const outcome2 = await runNewsletterSend(t.db, id2, transport, {
    settings,
    pollMs: 200,
    sleep: async (ms) => {
      slept[slept.length - 1]! += ms;
      await new Promise((r) => setTimeout(r, ms));
    },
    onBatch: (b) => {
      batches.push({ size: b.size, at: performance.now() - t2 });
      slept.push(0);
      waiting = true;
    },
    onDelivered: () => {
      if (waiting) {
        waiting = false;
        firstAfter.push(performance.now() - t2 - batches[batches.length - 1]!.at);
      }
    },
  });
  const gaps = batches.slice(1).map((b, i) => b.at - batches[i]!.at);
  const sleptBetween = slept.slice(0, -1);
  const fullBatches = batches.slice(0, -1).every((b) => b.size === BATCH);
  say('');
  say(`## 2. ${WAIT_N.toLocaleString('en-US')} subscribers, ${BATCH} per batch, ${WAIT_S} s wait`);
  say('');
  say(
    `Outcome ${outcome2}; batch sizes ${batches.map((b) => b.size).join(', ')} (all but the last exactly ${BATCH}: ${fullBatches ? 'yes' : 'NO'}).`,
  );
  say(
    `Gaps between batch ends: min ${Math.min(...gaps).toFixed(0)} ms, max ${Math.max(...gaps).toFixed(0)} ms (each at least the ${(WAIT_S * 1000).toFixed(0)} ms wait: ${gaps.every((g) => g >= WAIT_S * 1000) ? 'yes' : 'NO'}).`,
  );
  say(
    `Wait slept by the sender between batches: ${sleptBetween.map((x) => x.toFixed(0)).join(', ')} ms (each exactly ${(WAIT_S * 1000).toFixed(0)} ms: ${sleptBetween.every((x) => Math.round(x) === Math.round(WAIT_S * 1000)) ? 'yes' : 'NO'}).`,
  );
  say(
    `Idle from a batch's end to the next batch's first message: min ${Math.min(...firstAfter).toFixed(0)} ms, max ${Math.max(...firstAfter).toFixed(0)} ms (the wait plus the status checks and the claim of the next batch).`,
  );
  if (args.out) writeFileSync(args.out, `${lines.join('\n')}\n`);
} finally {
  transport.close();
  await sink.close();
  await t.close();
}
