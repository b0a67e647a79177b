/**
 * The chain watcher at scale (issue 33): `--transfers` token transfers (10,000) in `--blocks` blocks
 * (1,000; a block every `--block-ms`) to addresses drawn among `--wallets` customers' wallets
 * (1,000,000), sent by the transfer simulator to a real local Hardhat node, while the watcher's loop
 * runs in a process of its own with the settings the worker would use. It records, per credited
 * deposit, the time from its confirming block (the block that gave it its last confirmation) being
 * mined to the credit (chain_deposits.decided_at), p50/p99/max; the watcher's CPU and PostgreSQL's,
 * per credit; and checks every transfer was credited once, for its amount. Not part of `npm test`.
 *
 *   npx tsx bench/chain-watcher.ts [--wallets 1000000] [--transfers 10000] [--blocks 1000] [--block-ms 300]
 *       [--poll-ms N] [--confirmations N] [--pg-port 55281] [--data-dir .data/bench-chain-watcher] [--reuse]
 *       [--out bench/results/<date>-chain-watcher.md] [--note "..."]
 *
 * Its own embedded PostgreSQL in --data-dir (the customers generated with generate_series, as the notes
 * bench does; --reuse keeps the ones an earlier run left), owner connection.
 */
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { parseUnits } from 'viem';
import { defaultConfirmations, LOCAL_CHAIN_ID } from '@vaultdesk/chain';
import { deployLocalContracts, localRpc, startLocalChain } from '@vaultdesk/chain/node';
import { fundedSenders, SENDER_ACCOUNTS, sendTransfers } from '@vaultdesk/chain/transfers';
import { closeDb, createDb, runMigrations, startEmbeddedPostgres } from '@vaultdesk/db';
import { TEST_SECRETS_KEY, withDatabase } from '../test/test-env';
import { baseEnv, freePort, startNode, waitMatch } from '../test/processes';
import { createCpuMeter } from './lib/cpu';
import { percentile } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    wallets: { type: 'string', default: '1000000' },
    transfers: { type: 'string', default: '10000' },
    blocks: { type: 'string', default: '1000' },
    'block-ms': { type: 'string', default: '300' },
    'poll-ms': { type: 'string' },
    confirmations: { type: 'string' },
    'pg-port': { type: 'string', default: '55281' },
    'data-dir': { type: 'string', default: '.data/bench-chain-watcher' },
    reuse: { type: 'boolean', default: false },
    out: { type: 'string' },
    note: { type: 'string' },
  },
});
const say = (msg: string) => process.stdout.write(`[bench:chain-watcher] ${msg}\n`);
const wallets = Number(args.wallets);
const transfers = Number(args.transfers);
const blocks = Number(args.blocks);
const blockMs = Number(args['block-ms']);
const perBlock = Math.ceil(transfers / blocks);
const confirmations = args.confirmations ? Number(args.confirmations) : defaultConfirmations(LOCAL_CHAIN_ID);
const dataDir = path.resolve(args['data-dir']);
const started = new Date();

if (!args.reuse) rmSync(dataDir, { recursive: true, force: true });
const embedded = await startEmbeddedPostgres({
  dataDir: path.join(dataDir, 'pg'),
  port: Number(args['pg-port']),
  database: 'postgres',
});
const databaseUrl = withDatabase(embedded.url, 'chain_watch_bench');
if (!args.reuse) {
  const admin = new pg.Client({ connectionString: embedded.url });
  await admin.connect();
  await admin.query('CREATE DATABASE chain_watch_bench');
  await admin.end();
}
const db = createDb(databaseUrl, 2);
const q = (text: string, params: unknown[] = []) => db.$client.query(text, params);
const children: { stop: (s?: NodeJS.Signals) => Promise<number | null> }[] = [];
let stopChain = async () => {};

try {
  await runMigrations(db);
  // The customers: one wallet each, a pseudo-random address (two md5s cut to 40 hex), loaded with triggers off.
  let generateMs: number | null = null;
  const have = Number((await q('SELECT count(*) AS n FROM wallets')).rows[0].n);
  if (have !== wallets) {
    if (have) throw new Error(`--reuse: the data dir holds ${have} wallets, not ${wallets}: run without --reuse`);
    say(`generating ${wallets} customers with a wallet each`);
    const t = Date.now();
    const loader = await db.$client.connect();
    try {
      await loader.query('SET session_replication_role = replica');
      // The customers' search indexes and unique keys would make this load take tens of minutes on a busy 2-core
      // machine; the watcher reads customers by primary key only (recipients by wallets' lower(address)), so they go.
      const { rows: uniques } = await loader.query<{ name: string }>(
        `SELECT conname AS name FROM pg_constraint WHERE conrelid = 'users'::regclass AND contype = 'u'`,
      );
      for (const u of uniques) await loader.query(`ALTER TABLE users DROP CONSTRAINT "${u.name}"`);
      const { rows: indexes } = await loader.query<{ name: string }>(
        `SELECT indexrelid::regclass::text AS name FROM pg_index
          WHERE indrelid = 'users'::regclass AND NOT indisprimary
            AND indexrelid NOT IN (SELECT conindid FROM pg_constraint WHERE conrelid = 'users'::regclass)`,
      );
      for (const i of indexes) await loader.query(`DROP INDEX ${i.name}`);
      await loader.query(
        `INSERT INTO users (full_name, username, email, referral_code)
           SELECT 'Bench Depositor ' || i, 'benchdepositor' || i, 'depositor' || i || '@example.test', 'BD' || i FROM generate_series(1, $1) i`,
        [wallets],
      );
      await loader.query(
        `INSERT INTO wallets (user_id, name, address, network)
           SELECT id, 'Main', '0x' || substr(md5(id::text) || md5(id::text || 'w'), 1, 40), ${LOCAL_CHAIN_ID} FROM users`,
      );
    } finally {
      await loader.query('RESET session_replication_role');
      loader.release();
    }
    await q('ANALYZE users');
    await q('ANALYZE wallets');
    generateMs = Date.now() - t;
    say(`generated in ${(generateMs / 1000).toFixed(1)} s`);
  }
  await q('TRUNCATE chain_deposits, chain_watch_blocks, chain_watch_cursors');

  const chain = await startLocalChain({ port: await freePort() });
  stopChain = chain.stop;
  await deployLocalContracts(chain.url);
  // Drawn among all the wallets, each transfer to a wallet of its own (round robin over as many as there are transfers).
  const recipients = (
    await q(`SELECT address FROM wallets ORDER BY md5(id::text || 'bench') LIMIT $1`, [transfers])
  ).rows.map((r: { address: `0x${string}` }) => r.address);
  // Funded before the watcher starts, so its first block is after the funding's mints.
  const float = parseUnits('1000000000', 18);
  await fundedSenders(chain.url, SENDER_ACCOUNTS.max, { BUSD: float, VLT: float });
  const startBlock = Number(await localRpc(chain.url, 'eth_blockNumber')) + 1;

  const watcher = startNode(
    ['--import', 'tsx', 'bench/lib/chain-watcher-process.ts'],
    {
      ...baseEnv(),
      NODE_ENV: 'test',
      SECRETS_KEY: TEST_SECRETS_KEY,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      CHAIN_RPC_URL: chain.url,
      CHAIN_WATCH_START_BLOCK: String(startBlock),
      ...(args['poll-ms'] ? { CHAIN_WATCH_POLL_MS: args['poll-ms'] } : {}),
      CHAIN_WATCH_CONFIRMATIONS: String(confirmations),
    },
    20_000,
  );
  children.push(watcher);
  const watching = (await waitMatch(watcher, /watching: .*\n/, 120_000))[0].trim();
  say(watching);
  const cpu = createCpuMeter({ serverPid: watcher.child.pid!, dataDir });
  const measure = cpu?.start();
  const loadBefore = os.loadavg();

  const minedAt = new Map<number, number>();
  say(`sending ${transfers} transfers, ${perBlock} a block, a block every ${blockMs} ms`);
  const t0 = Date.now();
  const sent = await sendTransfers({
    url: chain.url,
    recipients,
    count: transfers,
    rate: 0,
    tokens: ['BUSD', 'VLT'],
    amount: null,
    senders: SENDER_ACCOUNTS.max,
    perBlock,
    blockMs,
    onMined: (block, at) => {
      minedAt.set(Number(block), at);
      if (minedAt.size % 100 === 0) say(`${minedAt.size} blocks mined`);
    },
  });
  // The blocks that confirm the last transfers.
  let last = Math.max(...minedAt.keys());
  for (let i = 1; i < confirmations; i++) {
    await sleep(blockMs);
    await localRpc(chain.url, 'evm_mine');
    minedAt.set(++last, Date.now());
  }
  const sendMs = Date.now() - t0;
  say(`sent in ${(sendMs / 1000).toFixed(1)} s; waiting for the credits`);
  const deadline = Date.now() + 180_000;
  let credited = 0;
  for (;;) {
    credited = Number((await q(`SELECT count(*) AS n FROM chain_deposits WHERE status = 'credited'`)).rows[0].n);
    if (credited >= transfers || Date.now() > deadline) break;
    await sleep(250);
  }
  const wallMs = Date.now() - t0;
  const used = measure?.(credited);
  const loadAfter = os.loadavg();
  await watcher.stop('SIGTERM');

  const { rows } = await q(
    `SELECT block_number::int AS block, (extract(epoch FROM decided_at) * 1000)::float8 AS at
       FROM chain_deposits WHERE status = 'credited'`,
  );
  const latencies = (rows as { block: number; at: number }[]).map(
    (r) => r.at - minedAt.get(r.block + confirmations - 1)!,
  );
  const check = (
    await q(
      `SELECT count(*)::int AS n, count(DISTINCT (tx_hash, log_index))::int AS distinct_logs,
              coalesce(sum(amount_wei), 0)::text AS wei,
              (SELECT count(*)::int FROM chain_deposits WHERE status <> 'credited') AS other
         FROM chain_deposits WHERE status = 'credited'`,
    )
  ).rows[0] as { n: number; distinct_logs: number; wei: string; other: number };
  const sentWei = sent.reduce((n, t) => n + t.wei, 0n).toString();
  const ok = check.n === transfers && check.distinct_logs === transfers && check.wei === sentWei;
  const passes = (watcher.output().match(/head \d+, block \d+ read/g) ?? []).length;
  const f = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '–');
  const cpuLine = used
    ? `watcher ${((used.apiUs! * credited) / 1e6).toFixed(1)} s CPU (${used.apiUs!.toFixed(0)} µs a credit), PostgreSQL ${((used.pgUs! * credited) / 1e6).toFixed(1)} s (${used.pgUs!.toFixed(0)} µs a credit), over ${(wallMs / 1000).toFixed(1)} s of wall time`
    : 'not measured (no /proc)';
  const report = `# The chain watcher: ${transfers.toLocaleString('en')} transfers over ${minedAt.size - (confirmations - 1)} blocks to ${wallets.toLocaleString('en')} wallets (${started.toISOString().slice(0, 10)})

Command: \`npx tsx bench/chain-watcher.ts --wallets ${wallets} --transfers ${transfers} --blocks ${blocks} --block-ms ${blockMs}${args['poll-ms'] ? ` --poll-ms ${args['poll-ms']}` : ''}${args.confirmations ? ` --confirmations ${confirmations}` : ''}\`${args.note ? `\n\n${args.note}` : ''}

**Machine:** ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}, shared with other work: load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')} at the start of the sends, ${loadAfter.map((l) => l.toFixed(1)).join(' / ')} at the end.

**Settings:** the local Hardhat node (automine off, a block mined every ${blockMs} ms by the bench, ${perBlock} transfers a block, BUSD and VLT in turn, from ${SENDER_ACCOUNTS.max} accounts); the watcher's loop alone in its own process (bench/lib/chain-watcher-process.ts) with the worker's settings: ${watching.replace(/^watching: /, '')}; embedded PostgreSQL, owner connection, ${wallets.toLocaleString('en')} customers with one wallet each (the wallets with all their indexes; the customers without their search indexes and unique keys, which the watcher does not use)${generateMs !== null ? ` (generated in ${(generateMs / 1000).toFixed(1)} s)` : ' (from an earlier run)'}.

## Result

- Credited: **${check.n.toLocaleString('en')} of ${transfers.toLocaleString('en')}** transfers, ${check.distinct_logs.toLocaleString('en')} distinct logs, ${check.wei === sentWei ? 'the amounts sent to the wei' : `**${check.wei} wei credited against ${sentWei} sent**`}; ${check.other} deposits in another state. ${ok ? 'Every transfer credited once.' : '**Not every transfer was credited once.**'}
- From the confirming block (block + ${confirmations - 1}) being mined to the credit: **p50 ${f(percentile(latencies, 50))} ms, p99 ${f(percentile(latencies, 99))} ms**, max ${f(Math.max(...latencies))} ms.
- CPU: ${cpuLine}.
- Sending took ${(sendMs / 1000).toFixed(1)} s (the simulator and the node: ${(transfers / (sendMs / 1000)).toFixed(0)} transfers a second); passes that found something: ${passes}.

The latency includes the wait for the next pass (a pass every ${watching.match(/every (\d+) ms/)?.[1] ?? '?'} ms); decided_at is the credit transaction's start (PostgreSQL's now()).
`;
  process.stdout.write(`\n${report}`);
  const out = args.out ?? `bench/results/${started.toISOString().slice(0, 10)}-chain-watcher.md`;
  writeFileSync(out, report);
  say(`written to ${out}`);
  if (!ok) process.exitCode = 1;
} finally {
  for (const c of children) await c.stop('SIGTERM').catch(() => null);
  await stopChain();
  await closeDb(db);
  await embedded.stop();
}
