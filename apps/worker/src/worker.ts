import PgBoss from 'pg-boss';
import { withAdvisoryLock, type Db } from '@vaultdesk/db';
import { pendingExports, runExport, type ExportFileStore } from './jobs/csv-export';
import { BOT_QUEUES, BOTS_SYNC_JOB, cleanupGreetings, heartbeat, runBot, syncBotSchedules } from './jobs/bots';
import { housekeeping } from './jobs/housekeeping';
import { createMailer, dispatchMail, type MailSettings } from './jobs/mail-dispatch';
import { startTrackedJob, withRequestLines, type WorkerLog } from './jobs/tracked-job';
import { instrumentWork, workerInstance, WORKER_HEARTBEAT_SECONDS, type JobRun } from './jobs/worker-instance';
import { trackRunningJobs, type RunningJob } from './running-jobs';
import {
  createNewsletterTransport,
  dueNewsletters,
  NEWSLETTER_SEND_JOB,
  runNewsletterSend,
  type NewsletterMailSettings,
} from './jobs/newsletter-send';

export { describeJob, type RunningJob } from './running-jobs';
export const MAIL_DISPATCH_JOB = 'mail-dispatch';
export const CSV_EXPORT_JOB = 'csv-export';
export const CSV_EXPORT_SWEEP_JOB = 'csv-export-sweep';
export { runExport, type ExportFileStore } from './jobs/csv-export';
export {
  progressRows,
  tryRunLock,
  withRequestLines,
  type LogFields,
  type Queryable,
  type WorkerLog,
} from './jobs/tracked-job';
export { readableSelect } from './jobs/csv-cells';
export { WORKER_HEARTBEAT_SECONDS, type JobRun } from './jobs/worker-instance';
export {
  registerExportQueries,
  type ExportParams,
  type ExportQueries,
  type ExportQuery,
  type Literal,
} from './jobs/export-registry';
export const HOUSEKEEPING_JOB = BOT_QUEUES.housekeeping;
/** A reconciliation run to compute ({ runId }); the sweep picks up a queued run whose job was lost; the daily run keeps the page recent. */
export const RECONCILIATION_RUN_JOB = 'reconciliation-run';
export const RECONCILIATION_SWEEP_JOB = 'reconciliation-sweep';
export const RECONCILIATION_DAILY_JOB = 'reconciliation-daily';
/** 03:00 UTC every day. */
export const RECONCILIATION_DAILY_CRON = '0 3 * * *';
export { BOTS_SYNC_JOB, BOT_QUEUES, NEWSLETTER_SEND_JOB };
export * from './jobs/newsletter-send';
export { runBot, syncBotSchedules, heartbeat, cleanupGreetings, readBotConfigs } from './jobs/bots';

export type WorkerOptions = {
  db: Db;
  databaseUrl: string;
  mail: MailSettings;
  /** Where CSV exports are written; without it the worker runs no exports. */
  exportStore?: ExportFileStore;
  newsletter: Omit<NewsletterMailSettings, 'smtpUrl' | 'outboxDir'>;
  /** The reconciliation report's runs (computed by the API's code, run here); without it the worker runs none. */
  reconciliation?: ReconciliationJobs;
  /** The audit trail's scheduled anchoring (the API's code, run here); without it, or with no cron, none. */
  auditAnchor?: AuditAnchorJob;
  log?: WorkerLog;
  /** Seconds between this worker's heartbeat rows (`worker_instances`); default WORKER_HEARTBEAT_SECONDS. */
  heartbeatSeconds?: number;
  /** Hears every job run as it ends (the worker's /metrics counts them). */
  onJobRun?: (run: JobRun) => void;
};

/** The audit trail's anchoring at `cron` (UTC): `run` anchors the rows since the last anchor and says what it did. */
export type AuditAnchorJob = { cron: string | null; run: () => Promise<string> };
/** Anchors the audit trail's head on its schedule (AUDIT_ANCHOR_CRON, hourly by default). */
export const AUDIT_ANCHOR_JOB = 'audit-anchor';

/** What the worker needs to run reconciliation runs (apps/api's reconciliation module provides it). */
export type ReconciliationJobs = {
  /** Computes one queued run (a no-op when it is not queued or another worker is computing one). */
  run: (runId: string) => Promise<unknown>;
  /** Marks failed the runs a dead process left 'running'; answers how many. */
  recover: () => Promise<number>;
  /** The queued run, if any. */
  queued: () => Promise<string | null>;
  /** Queues the daily run unless one is queued or running; answers its id. */
  queueDaily: () => Promise<string | null>;
};

/**
 * The API's side of the queues when the worker runs elsewhere (`WORKER=false`): it only sends
 * the nudge after a commit (an export asked, a newsletter approved, a mail queued, a bot setting
 * changed), so a separate worker starts on it at once rather than at its next minute's sweep (and
 * a changed bot schedule reaches the workers at all). No polling, no maintenance, no cron: the
 * workers do those. A queue no worker has created yet refuses the send; every caller treats a
 * failed nudge as lost, and the sweeps deliver it.
 */
export async function startJobSender({
  databaseUrl,
  log = () => {},
}: {
  databaseUrl: string;
  log?: (msg: string, err?: unknown) => void;
}) {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 2, supervise: false, schedule: false });
  boss.on('error', (err) => log('pg-boss error', err));
  await boss.start();
  return {
    jobs: { send: (name: string, data: object = {}) => boss.send(name, data) },
    stop: () => boss.stop({ graceful: false, wait: true }),
  };
}

/**
 * Creates or upgrades pg-boss's schema (its tables and functions) as the role of `databaseUrl`:
 * the database owner, when the API and workers run as an application role that may not create
 * tables. The owner's start-up preparation runs it before the grants (packages/db/src/roles.ts).
 */
export async function installJobSchema(databaseUrl: string) {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 1, supervise: false, schedule: false });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}

/** How often the scheduler says it is alive; the bot page reports it missing after a few misses. */
export const HEARTBEAT_MS = 20_000;

/**
 * Background jobs on pg-boss. In the single-machine default it runs inside the API process;
 * `npm run worker` runs it alone when scaled out.
 */
export async function startWorker({
  db,
  databaseUrl,
  mail,
  newsletter,
  exportStore,
  reconciliation,
  auditAnchor,
  log = () => {},
  heartbeatSeconds = WORKER_HEARTBEAT_SECONDS,
  onJobRun,
}: WorkerOptions) {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  boss.on('error', (err) => log('pg-boss error', err));
  // Every job below is timed, counted and traced; the counts go into this worker's heartbeat row.
  const instance = workerInstance(db, heartbeatSeconds, log);
  instrumentWork(boss, instance.counts, onJobRun);
  const jobsRunning = trackRunningJobs(boss);
  await boss.start();
  await instance.start();
  // Workers starting at once each create every queue; two creating the same one deadlocked in
  // pg-boss's create_queue (the row insert waits for the other's, which waits to attach its
  // partition). One creation at a time across every worker; the later ones find it made.
  const createQueue = (name: string, options: PgBoss.Queue) =>
    withAdvisoryLock(db, 'jobQueues', () => boss.createQueue(name, options));
  await createQueue(MAIL_DISPATCH_JOB, { name: MAIL_DISPATCH_JOB, policy: 'singleton' });
  const send = createMailer(mail);
  await boss.work(
    MAIL_DISPATCH_JOB,
    withRequestLines(MAIL_DISPATCH_JOB, log, async () => {
      const n = await dispatchMail(db, send);
      if (n) log(`mail delivered: ${n}`);
    }),
  );
  // A sweep every minute delivers anything whose nudge was lost (crash between commit and send).
  await boss.schedule(MAIL_DISPATCH_JOB, '* * * * *', {});

  const transport = createNewsletterTransport({ ...newsletter, smtpUrl: mail.smtpUrl, outboxDir: mail.outboxDir });
  // On stop, a running send finishes the group it handed to SMTP, records it and returns: a restart
  // or deploy leaves no mail in doubt (the send resumes at the next start).
  const stopping = new AbortController();
  await startTrackedJob<{ id: string }>(
    boss,
    createQueue,
    {
      // A long send outlives pg-boss's default expiry; the advisory lock keeps a second run out.
      queue: NEWSLETTER_SEND_JOB,
      queueOptions: { expireInSeconds: 6 * 3600, retryLimit: 0 },
      workOptions: { batchSize: 4 },
      run: async ({ id }) => {
        const outcome = await runNewsletterSend(db, id, transport, { settings: newsletter, signal: stopping.signal });
        log(`newsletter ${id}: ${outcome}`);
      },
      // A send interrupted by a crash resumes as soon as the worker is back, not at the scheduler's
      // next minute (nor never, with the scheduler bot switched off); the send itself settles what
      // the crash left in doubt. Later sends are started by the scheduler bot.
      sweep: { waiting: async () => (await dueNewsletters(db)).map((id) => ({ id })), mode: 'queue', atStart: true },
    },
    log,
  );

  const bots = {
    newsletterScheduler: async () => {
      const ids = await dueNewsletters(db);
      for (const id of ids) await boss.send(NEWSLETTER_SEND_JOB, { id });
      return `started ${ids.length} newsletter send${ids.length === 1 ? '' : 's'}`;
    },
    greetingsCleanup: () => cleanupGreetings(db),
    housekeeping: async () => {
      const removed = await housekeeping(db);
      return `${removed.sessions} old sessions, ${removed.attempts} old sign-in attempts, ${removed.reportMarks} report marks removed, ${removed.groupCountDeltas} group count deltas folded, ${removed.rangeMarks} report range marks removed`;
    },
  };
  for (const [bot, queue] of Object.entries(BOT_QUEUES) as [keyof typeof bots, string][]) {
    await createQueue(queue, { name: queue, policy: 'singleton' });
    await boss.work(queue, async () => {
      const run = await runBot(db, bot, bots[bot]);
      // Every minute for some: recorded on the bots page, and only a debug line unless it failed.
      log(`bot ${bot}: ${run.outcome} (${run.detail})`, undefined, {
        level: run.outcome === 'failed' ? 'warn' : 'debug',
      });
    });
  }
  await createQueue(BOTS_SYNC_JOB, { name: BOTS_SYNC_JOB });
  await boss.work(
    BOTS_SYNC_JOB,
    withRequestLines(BOTS_SYNC_JOB, log, async () => syncBotSchedules(boss, db)),
  );
  await syncBotSchedules(boss, db);

  await heartbeat(db);
  const beat = setInterval(() => void heartbeat(db).catch((err) => log('heartbeat failed', err)), HEARTBEAT_MS);
  beat.unref();

  if (exportStore) {
    await startTrackedJob<{ exportId?: string }>(
      boss,
      createQueue,
      {
        // One export at a time per worker: each holds a database connection while it streams.
        queue: CSV_EXPORT_JOB,
        workOptions: { batchSize: 1, pollingIntervalSeconds: 1 },
        run: async ({ exportId }) => {
          if (exportId) await runExport(db, exportStore, exportId, log);
        },
        // The exports table is the source of truth: a lost job or a restarted worker (its export
        // silent past STALE_EXPORT_SECONDS) is picked up here, every minute, and written by the sweep.
        sweep: {
          waiting: async () => (await pendingExports(db)).map((exportId) => ({ exportId })),
          mode: 'run',
          atStart: false,
          every: { queue: CSV_EXPORT_SWEEP_JOB, cron: '* * * * *' },
        },
      },
      log,
    );
  }
  if (reconciliation) {
    await startTrackedJob<{ runId?: string }>(
      boss,
      createQueue,
      {
        // One run at a time (a unique index and the run lock make sure); a run reads every balance,
        // so it outlives pg-boss's default expiry on a large database. Not retried by pg-boss: a run a
        // crash interrupted is marked failed (by the sweep, and by the next run's job) and is run again by asking.
        queue: RECONCILIATION_RUN_JOB,
        queueOptions: { expireInSeconds: 3 * 3600, retryLimit: 0 },
        workOptions: { batchSize: 1, pollingIntervalSeconds: 1 },
        run: async ({ runId }) => {
          if (runId) await reconciliation.run(runId);
        },
        // The runs table is the source of truth: a run left 'running' by a dead process is marked
        // failed, and a queued run whose job was lost (or found the run lock busy) gets a job again;
        // at start and every minute. Running a run twice is harmless: only a queued run is taken.
        sweep: {
          recover: () => reconciliation.recover(),
          recovered: (n) => `reconciliation: ${n} interrupted run${n === 1 ? '' : 's'} marked failed`,
          waiting: async () => {
            const id = await reconciliation.queued();
            return id ? [{ runId: id }] : [];
          },
          mode: 'queue',
          atStart: true,
          every: { queue: RECONCILIATION_SWEEP_JOB, cron: '* * * * *' },
        },
      },
      log,
    );
    // The daily run, so the page always has a recent report.
    await createQueue(RECONCILIATION_DAILY_JOB, { name: RECONCILIATION_DAILY_JOB, policy: 'singleton' });
    await boss.work(RECONCILIATION_DAILY_JOB, async () => {
      const id = await reconciliation.queueDaily();
      if (id) await boss.send(RECONCILIATION_RUN_JOB, { runId: id });
    });
    await boss.schedule(RECONCILIATION_DAILY_JOB, RECONCILIATION_DAILY_CRON, {}, { tz: 'UTC' });
  }
  if (auditAnchor) {
    // One anchoring at a time (singleton queue, and an advisory lock inside); a failed one is
    // logged and the next schedule covers its rows too.
    await createQueue(AUDIT_ANCHOR_JOB, { name: AUDIT_ANCHOR_JOB, policy: 'singleton', retryLimit: 0 });
    await boss.work(AUDIT_ANCHOR_JOB, async () => {
      try {
        log(`audit anchor: ${await auditAnchor.run()}`);
      } catch (err) {
        log('audit anchor failed', err);
      }
    });
    if (auditAnchor.cron) await boss.schedule(AUDIT_ANCHOR_JOB, auditAnchor.cron, {}, { tz: 'UTC' });
    else await boss.unschedule(AUDIT_ANCHOR_JOB);
  }
  return {
    boss,
    /** This worker's row in `worker_instances`. */
    instanceId: instance.id,
    jobs: { send: (name: string, data: object = {}) => boss.send(name, data) },
    /** The jobs running now (oldest first). */
    running: jobsRunning.running,
    /**
     * Takes no new job and lets the running ones finish for at most `deadlineMs` (pg-boss then
     * marks those still running failed, to be retried); answers the jobs that were cut.
     */
    stop: async (deadlineMs = 30_000): Promise<{ cut: RunningJob[] }> => {
      stopping.abort();
      clearInterval(beat);
      // pg-boss waits at least 1 s and looks every half second.
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(deadlineMs, 1_000) });
      transport.close();
      await instance.stop();
      return { cut: jobsRunning.running() };
    },
  };
}
