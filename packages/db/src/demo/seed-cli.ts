/**
 * Demo customers for Vaultdesk:
 *   tsx packages/db/src/demo/seed-cli.ts --users N [--seed S] [--now ISO] [--ledger auto|direct|trigger]
 *     [--indexes auto|keep|rebuild]
 *   tsx packages/db/src/demo/seed-cli.ts --queue-items N [--withdrawal-requests N] [--seed S] [--now ISO]
 *     tops the queue tables of an already generated database up to N rows (bench); with --users
 *     too, the top-up is written inside the generation (the same rows, one load)
 * Uses DATABASE_URL, or the embedded PostgreSQL in $DATA_DIR/pg (default .data/pg) on
 * $PG_PORT (default: defaultPgPort(PORT), as the API chooses it), the same one the API starts.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeDb, createDb } from '../client';
import { defaultPgPort, openDatabase } from '../embedded';
import { withAdvisoryLock } from '../lock';
import { runMigrations } from '../migrate';
import { topUpQueues } from './extras/queues';
import { DEFAULT_SEED, generateDemoData, hasCustomerData } from './generate';

const say = (msg: string) => process.stdout.write(`${msg}\n`);

/**
 * The embedded PostgreSQL this command starts is a one-off loader (the API starts it again with
 * its own settings): wal_level minimal lets the load skip the write-ahead log for every table it
 * empties in its own transaction (COPY, INSERT ... SELECT and index builds then write the table
 * files once and sync them at commit, which is as crash-safe: an interrupted load is rolled back
 * whole); fewer checkpoints mean fewer full-page images while the VACUUM after it sets hint bits;
 * autovacuum off because the generator vacuums and analyses every table itself at the end.
 * docs/decisions/demo-data.md.
 */
const BULK_LOAD_SETTINGS = {
  wal_level: 'minimal',
  max_wal_senders: '0',
  max_wal_size: '4GB',
  checkpoint_timeout: '30min',
  autovacuum: 'off',
};
const fail = (msg: string): never => {
  process.stderr.write(`seed: ${msg}\n`);
  process.exit(1);
};

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '3000' },
    seed: { type: 'string' },
    now: { type: 'string' },
    ledger: { type: 'string', default: 'auto' },
    indexes: { type: 'string', default: 'auto' },
    'queue-items': { type: 'string' },
    'withdrawal-requests': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  say(
    'usage: tsx packages/db/src/demo/seed-cli.ts --users N [--seed S] [--now ISO-8601] [--ledger auto|direct|trigger] [--indexes auto|keep|rebuild] [--queue-items N] [--withdrawal-requests N]',
  );
  say(
    '       tsx packages/db/src/demo/seed-cli.ts --queue-items N [--withdrawal-requests N] [--seed S] [--now ISO-8601]',
  );
  process.exit(0);
}
// Demo customers are made-up people with made-up money: never in a production database.
if (process.env.NODE_ENV === 'production') fail('refusing to generate demo data with NODE_ENV=production');

const users = Number(values.users);
if (!Number.isInteger(users) || users < 1) fail(`--users must be a positive integer, got "${values.users}"`);
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (seed !== undefined && !Number.isInteger(seed)) fail(`--seed must be an integer, got "${values.seed}"`);
const now = values.now === undefined ? undefined : new Date(values.now);
if (now && Number.isNaN(now.getTime())) fail(`--now must be an ISO date, got "${values.now}"`);
const ledger = values.ledger;
if (ledger !== 'auto' && ledger !== 'direct' && ledger !== 'trigger')
  fail(`--ledger must be auto, direct or trigger, got "${ledger}"`);
const indexes = values.indexes;
if (indexes !== 'auto' && indexes !== 'keep' && indexes !== 'rebuild')
  fail(`--indexes must be auto, keep or rebuild, got "${indexes}"`);

const count = (name: 'queue-items' | 'withdrawal-requests') => {
  const v = values[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a positive integer, got "${v}"`);
  return n;
};
const queueItems = count('queue-items');
const withdrawalRequests = count('withdrawal-requests');
// With --users as well, the top-up is written inside the generation's load (one command, one load).
const withUsers = process.argv.some((a) => a === '--users' || a.startsWith('--users='));
const topUp = !withUsers && (queueItems !== undefined || withdrawalRequests !== undefined);
const queueTopUp =
  withUsers && (queueItems !== undefined || withdrawalRequests !== undefined)
    ? { queueItems, withdrawalRequests }
    : undefined;

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  ownerUrl: process.env.DATABASE_OWNER_URL || undefined,
  dataDir: path.resolve(process.env.DATA_DIR ?? '.data'),
  port: Number(process.env.PG_PORT ?? defaultPgPort(Number(process.env.PORT ?? 8080))),
  log: say,
  settings: BULK_LOAD_SETTINGS,
});
// The owner: the migrations, and the load's DDL (keys and indexes dropped and rebuilt, triggers off).
const db = createDb(database.ownerUrl, 2);
let exitCode = 0;
try {
  await runMigrations(db);
  if (topUp) {
    if (!(await hasCustomerData(db)))
      throw new Error('the queues are topped up from a generated database: generate the customers first');
    const client = await db.$client.connect();
    try {
      const started = performance.now();
      await topUpQueues(client, {
        queueItems,
        withdrawalRequests,
        seed: (seed ?? DEFAULT_SEED) >>> 0,
        nowMs: (now ?? new Date()).getTime(),
        log: say,
      });
      say(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      client.release();
    }
  } else {
    // Under the start-up lock: an API starting on this database at the same time seeds it too.
    const { counts, started } = await withAdvisoryLock(
      db,
      'startup',
      async () => {
        if (await hasCustomerData(db)) {
          throw new Error(
            'the database already has customers; demo data is only generated into an empty one (use a fresh DATA_DIR or database)',
          );
        }
        const started = performance.now();
        return {
          started,
          counts: await generateDemoData(db, {
            users,
            seed,
            now,
            ledger: ledger as 'auto' | 'direct' | 'trigger',
            indexes: indexes as 'auto' | 'keep' | 'rebuild',
            queueTopUp,
            log: say,
          }),
        };
      },
      say,
    );
    const seconds = (performance.now() - started) / 1000;
    for (const [table, n] of Object.entries(counts)) say(`${table.padEnd(20)} ${n}`);
    say(`done in ${seconds.toFixed(1)} s (${Math.round(counts.users / seconds)} users/s)`);
  }
} catch (e) {
  process.stderr.write(`seed: ${e instanceof Error ? e.message : String(e)}\n`);
  exitCode = 1;
} finally {
  await closeDb(db);
  await database.stop();
}
process.exit(exitCode);
