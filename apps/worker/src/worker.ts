import PgBoss from 'pg-boss';
import type { Db } from '@vaultdesk/db';
import { housekeeping } from './jobs/housekeeping';
import { createMailer, dispatchMail, type MailSettings } from './jobs/mail-dispatch';

export const MAIL_DISPATCH_JOB = 'mail-dispatch';
export const HOUSEKEEPING_JOB = 'housekeeping';

export type WorkerOptions = { db: Db; databaseUrl: string; mail: MailSettings; log?: (msg: string, err?: unknown) => void };

/**
 * Background jobs on pg-boss. In the single-machine default it runs inside the API process;
 * `npm run worker` runs it alone when scaled out.
 */
export async function startWorker({ db, databaseUrl, mail, log = () => {} }: WorkerOptions) {
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
  return {
    boss,
    jobs: { send: (name: string, data: object = {}) => boss.send(name, data) },
    stop: () => boss.stop({ graceful: true, wait: true }),
  };
}
