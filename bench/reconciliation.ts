/**
 * The reconciliation report on the million-user bench database: how long `reconcile` takes (the
 * whole report, and each of its parts alone), what it finds, and that a row page costs what the
 * figures do. Not part of `npm test`.
 *
 *   flock /work/bench.lock env DATA_DIR=/work/bench-data PORT=8277 npx tsx bench/reconciliation.ts [--rounds 3]
 *
 * DATA_DIR starts the embedded PostgreSQL of that folder (stopped at the end); DATABASE_URL uses a
 * running one instead. No chain: the saved batches are compared with the database only ("not checked").
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeDb, createDb, startEmbeddedPostgres } from '@vaultdesk/db';
import { loadConfig } from '../apps/api/src/config/config';
import { createReconciliationService } from '../apps/api/src/modules/reconciliation/reconciliation.service';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, out: { type: 'string' } } });
if (!process.env.DATA_DIR && !process.env.DATABASE_URL) {
  throw new Error('set DATA_DIR (the bench data folder, outside the repository) or DATABASE_URL: the bench never runs on the development database by accident');
}
const config = loadConfig({ ...process.env, NODE_ENV: 'production', SECRETS_KEY: '0'.repeat(64), CHAIN: 'false' });
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'pg'), port: config.pgPort });
const db = createDb(process.env.DATABASE_URL ?? embedded!.url, 4);
const chain = { rpcUrls: [], tokenAddresses: null, chainId: null };
const rounds = Number(args.rounds);
const service = createReconciliationService(db, chain);
const time = async <T>(run: () => Promise<T>) => {
  const t0 = performance.now();
  const out = await run();
  return { ms: performance.now() - t0, out };
};

try {
  const { rows: [counts] } = await db.$client.query<Record<string, string>>(`
    SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM wallets) AS wallets, (SELECT count(*) FROM wallet_balances) AS balances,
           (SELECT count(*) FROM ledger_entries) AS ledger, (SELECT count(*) FROM wallet_transactions) AS transactions,
           (SELECT count(*) FROM savings_plans) AS plans, (SELECT count(*) FROM savings_lock_entries) AS holds, (SELECT count(*) FROM batches) AS batches`);
  const whole: number[] = [];
  const parts: Record<string, number[]> = { ledger: [], flagged: [], holds: [], batches: [] };
  let last: Awaited<ReturnType<typeof service.report>> | null = null;
  for (let i = 0; i < rounds; i++) {
    const r = await time(() => service.report(20));
    whole.push(r.ms);
    last = r.out;
    for (const kind of ['ledger', 'flagged', 'holds', 'batches'] as const) {
      parts[kind]!.push((await time(() => service.rows(kind, 1, 20))).ms);
    }
    console.log(`round ${i + 1}: report ${Math.round(r.ms)} ms; ${Object.entries(parts).map(([k, v]) => `${k} ${Math.round(v.at(-1)!)} ms`).join(', ')}`);
  }
  // The last report's pages, as the screen turns them: served from the run.
  const fromRun = await time(() => service.report(20).then((r) => { last = r; return service.rows('flagged', Math.max(1, Math.ceil(Math.min(r.flagged.total, 10_000) / 20)), 20, r.checkedAt); }));
  const deep = { ms: fromRun.ms };
  const pageFromRun = await time(() => service.rows('flagged', 2, 20, last!.checkedAt));
  const fmt = (v: number[]) => v.map((x) => `${(x / 1000).toFixed(1)} s`).join(', ');
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  const s = last!;
  const md = `# Reconciliation report on the million-user data (${new Date().toISOString().slice(0, 10)})

\`bench/reconciliation.ts\`, ${rounds} rounds, ${os.cpus().length} cores, no chain (batches compared with the database only), one
connection per part, \`work_mem\` 256 MB for the report's statements; the parts below alone, one after the other.

Data: ${Object.entries(counts!).map(([k, v]) => `${k} ${Number(v).toLocaleString('en')}`).join(', ')}.

| call | each round | median |
|---|---|---|
| whole report (figures and every first page; the parts side by side, each one statement) | ${fmt(whole)} | ${(median(whole) / 1000).toFixed(1)} s |
| ledger against balances, page 1 | ${fmt(parts.ledger!)} | ${(median(parts.ledger!) / 1000).toFixed(1)} s |
| balances against transactions (flags), page 1 | ${fmt(parts.flagged!)} | ${(median(parts.flagged!) / 1000).toFixed(1)} s |
| plan holds, page 1 | ${fmt(parts.holds!)} | ${(median(parts.holds!) / 1000).toFixed(1)} s |
| saved batches, page 1 | ${fmt(parts.batches!)} | ${(median(parts.batches!) / 1000).toFixed(1)} s |
| flags, a page of the report on screen (served from its run) | ${(pageFromRun.ms).toFixed(1)} ms | |
| report and its last kept flags page | ${fmt([deep.ms])} | |

What it found: ${s.ledger.users.toLocaleString('en')} users, ${s.ledger.wallets.toLocaleString('en')} wallets, ${s.ledger.balances.toLocaleString('en')} balances checked,
ledger drift ${s.ledger.drift}; ${s.flagged.total.toLocaleString('en')} flagged over ${s.tolerance} (${s.flagged.explained.toLocaleString('en')} explained by ledger rows posted twice,
${s.flagged.unexplained} unexplained); ${s.holds.plans.toLocaleString('en')} plans with holds or locks, drift ${s.holds.drift}; batches: ${s.batches.saved} saved
(${s.batches.notChecked} not checked without a chain), ${s.batches.history.toLocaleString('en')} history records. **Unexplained: ${s.unexplained}.**
`;
  const out = args.out ?? `bench/results/${new Date().toISOString().slice(0, 10)}-reconciliation-1m.md`;
  writeFileSync(out, md);
  console.log(md);
} finally {
  await closeDb(db);
  await embedded?.stop();
}
