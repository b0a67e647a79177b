/**
 * Crash bench (issue 12, "Crash"): the long variant of apps/api/src/reliability/crash.test.ts.
 * The API as a real child process (worker inside, real SMTP sink, real local chain) is killed
 * with SIGKILL `--kills` times at seeded random moments while it saves on-chain batches, cancels
 * withdrawal-out requests (refunds through the ledger) and sends a newsletter; then a clean final
 * life finishes the pending work and the money, batches and mail are checked.
 *
 *   npx tsx bench/crash.ts --kills 50 --subscribers 3000 --seed 12 --out bench/results/<date>-crash.md
 *
 * A database of its own on an embedded PostgreSQL under --data-dir (rebuilt every run).
 */
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { closeDb, createDb, runMigrations, startEmbeddedPostgres } from '@vaultdesk/db';
import { loadConfig } from '../apps/api/src/config/config';
import { syncSystemRoles } from '../apps/api/src/modules/admins/system-roles';
import { seedDemoStaff } from '../apps/api/src/demo/demo-staff';
import { freePort, runCrashCampaign } from '../apps/api/test/crash-harness';
import { testEnv, withDatabase } from '../test/test-env';

const { values: args } = parseArgs({
  options: {
    kills: { type: 'string', default: '50' },
    subscribers: { type: 'string', default: '3000' },
    batch: { type: 'string', default: '50' },
    seed: { type: 'string' },
    'life-ms': { type: 'string', default: '1500' },
    out: { type: 'string' },
    'data-dir': { type: 'string', default: '.data/bench-crash' },
    note: { type: 'string' },
  },
});
const seed = args.seed ? Number(args.seed) : Math.floor(Math.random() * 2 ** 31);
const kills = Number(args.kills);
console.log(`crash bench: ${kills} kills, seed ${seed}`);

const dataDir = path.resolve(args['data-dir']);
rmSync(dataDir, { recursive: true, force: true });
const embedded = await startEmbeddedPostgres({
  dataDir: path.join(dataDir, 'pg'),
  port: await freePort(),
  database: 'postgres',
});
const admin = new pg.Client({ connectionString: embedded.url });
await admin.connect();
await admin.query('CREATE DATABASE crash_bench');
await admin.end();
const url = withDatabase(embedded.url, 'crash_bench');
const db = createDb(url, 5);
try {
  await runMigrations(db);
  await syncSystemRoles(db);
  await seedDemoStaff(db, loadConfig(testEnv()));
  const run = await runCrashCampaign({
    db,
    databaseUrl: url,
    kills,
    seed,
    subscribers: Number(args.subscribers),
    newsletterBatch: Number(args.batch),
    lifeMs: Number(args['life-ms']),
    log: (m) => console.log(m),
  });
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
  };
  const inFlight: Record<string, number> = {};
  for (const l of run.lives) for (const f of new Set(l.inFlight)) inFlight[f] = (inFlight[f] ?? 0) + 1;
  const f = run.figures;
  const lines = [
    `# Crash bench, ${new Date().toISOString()}`,
    '',
    `Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(
        ' / ',
      )} at the end. Seed **${seed}** (\`npx tsx bench/crash.ts --kills ${kills} --subscribers ${args.subscribers} --seed ${seed}\` repeats the kill moments).`,
    ...(args.note ? ['', args.note] : []),
    '',
    '## Run',
    '',
    `- ${kills} SIGKILLs of the API process group (node --import tsx apps/api/src/main.ts, worker inside, SMTP sink and local chain outside), ${run.lives.filter((l) => l.killedDuringStartup).length} of them during start-up, the rest 0-${args['life-ms']} ms after /readyz answered; then one clean life to finish the pending work and a SIGTERM.`,
    `- Start-up to /readyz: p50 ${pct(run.startupMs, 50)} ms, p95 ${pct(run.startupMs, 95)} ms, max ${Math.max(...run.startupMs)} ms (${run.startupMs.length} starts; ${run.startRetries} start-ups exited by themselves and were tried again).`,
    `- Kills that landed with a call in flight: ${
      Object.entries(inFlight)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none'
    } (lives: ${run.lives.filter((l) => l.inFlight.length).length} of ${run.lives.length}).`,
    `- Calls answered: ${Object.entries(run.ops.answers)
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')}; ${run.ops.retriedAfterKill} calls retried after a kill.`,
    `- Final life ${(run.finalRunMs / 1000).toFixed(1)} s; whole run ${(run.totalMs / 1000).toFixed(0)} s.`,
    '',
    '## Checked afterwards',
    '',
    '| check | result |',
    '|---|---|',
    `| ledger: ${f.ledgerRows} rows, ${f.wallets} balances; every balance = its ledger sum, every balance_after = running sum, none negative | ${run.findings.some((x) => /ledger|balance/.test(x)) ? 'FAILED' : 'ok'} |`,
    `| refunds: ${f.cancelled} cancelled requests, ${f.refunds} refund rows (exactly one ledger row, wallet transaction and audit row each) | ${run.findings.some((x) => /refund|cancel/.test(x)) ? 'FAILED' : 'ok'} |`,
    `| batches: ${Object.entries(f.lists)
      .map(([s, n]) => `${n} lists in status ${s}`)
      .join(
        ', ',
      )}; ${f.batches} saved batches, none half applied, each receipt on the chain | ${run.findings.some((x) => /process list|batch/.test(x)) ? 'FAILED' : 'ok'} |`,
    `| newsletter: ${f.subscribers} subscribers, deliveries ${JSON.stringify(f.deliveries)}, SMTP sink got ${f.sinkMessages} messages, most per address ${f.maxPerAddress} | ${run.findings.some((x) => /newsletter|got|sent|subscriber|delivery/.test(x)) ? 'FAILED' : 'ok'} |`,
    `| in doubt (handed to SMTP, process killed before the answer was recorded): ${f.inDoubt}, of which the sink did receive ${f.inDoubtDelivered} | shown to staff, never resent |`,
    `| reconciliation report (Super Admin): ${f.reconciliation.balances} balances, ${f.reconciliation.batchesMatching} of ${f.reconciliation.batchesSaved} saved batches matching their receipt, ${f.reconciliation.unexplained} unexplained | ${f.reconciliation.unexplained === 0 && f.reconciliation.batchesMatching === f.reconciliation.batchesSaved ? 'ok' : 'FAILED'} |`,
    `| unexpected answers (5xx, 4xx other than the expected 409 of a retried call) | ${run.unexpected.length ? run.unexpected.join('; ') : 'none'} |`,
    '',
    run.findings.length ? `## Findings\n\n${run.findings.map((x) => `- ${x}`).join('\n')}` : 'No findings.',
  ];
  const text = lines.join('\n') + '\n';
  console.log(text);
  if (args.out) writeFileSync(args.out, text);
  if (run.findings.length || run.unexpected.length) process.exitCode = 1;
} finally {
  await closeDb(db);
  await embedded.stop();
}
