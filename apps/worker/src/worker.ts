import PgBoss from 'pg-boss';
import type { Db } from '@vaultdesk/db';
import { pendingExports, runExport, type ExportFileStore } from './jobs/csv-export';
import { housekeeping } from './jobs/housekeeping';
import { createMailer, dispatchMail, type MailSettings } from './jobs/mail-dispatch';

export const MAIL_DISPATCH_JOB = 'mail-dispatch';
export const HOUSEKEEPING_JOB = 'housekeeping';
export const CSV_EXPORT_JOB = 'csv-export';
export const CSV_EXPORT_SWEEP_JOB = 'csv-export-sweep';
export { runExport, type ExportFileStore } from './jobs/csv-export';

export type WorkerOptions = {
  db: Db;
  databaseUrl: string;
  mail: MailSettings;
  /** Where CSV exports are written; without it the worker runs no exports. */
  exportStore?: ExportFileStore;
  log?: (msg: string, err?: unknown) => void;
};

/**
 * Background jobs on pg-boss. In the single-machine default it runs inside the API process;
 * `npm run worker` runs it alone when scaled out.
 */
export async function startWorker({ db, databaseUrl, mail, exportStore, log = () => {} }: WorkerOptions) {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  boss.on('error', (err) => log('pg-boss error', err));
  await boss.start();
  await boss.createQueue(MAIL_DISPATCH_JOB, { name: MAIL_DISPATCH_JOB, policy: 'singleton' });
  const send = createMailer(mail);
  await boss.work(MAIL_DISPATCH_JOB, async () => {
    const n = await dispatchMail(db, send);
    if (n) log(`mail delivered: ${n}`);
  });
  // A sweep every minute delivers anything whose nudge was lost (crash between commit and send).
  await boss.schedule(MAIL_DISPATCH_JOB, '* * * * *', {});

  await boss.createQueue(HOUSEKEEPING_JOB, { name: HOUSEKEEPING_JOB, policy: 'singleton' });
  await boss.work(HOUSEKEEPING_JOB, async () => {
    const removed = await housekeeping(db);
    log(`housekeeping: ${removed.sessions} old sessions, ${removed.attempts} old sign-in attempts removed`);
  });
  await boss.schedule(HOUSEKEEPING_JOB, '17 3 * * *', {});

  if (exportStore) {
    // One export at a time per worker: each holds a database connection while it streams.
    await boss.createQueue(CSV_EXPORT_JOB, { name: CSV_EXPORT_JOB });
    await boss.work<{ exportId: string }>(CSV_EXPORT_JOB, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      if (job?.data.exportId) await runExport(db, exportStore, job.data.exportId, log);
    });
    // The exports table is the source of truth: a lost job or a restarted worker is picked up here.
    await boss.createQueue(CSV_EXPORT_SWEEP_JOB, { name: CSV_EXPORT_SWEEP_JOB, policy: 'singleton' });
    await boss.work(CSV_EXPORT_SWEEP_JOB, async () => {
      for (const id of await pendingExports(db)) await runExport(db, exportStore, id, log);
    });
    await boss.schedule(CSV_EXPORT_SWEEP_JOB, '* * * * *', {});
  }
  return {
    boss,
    jobs: { send: (name: string, data: object = {}) => boss.send(name, data) },
    stop: () => boss.stop({ graceful: true, wait: true }),
  };
}
