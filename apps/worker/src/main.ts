import { createDb } from '@vaultdesk/db';
import { startWorker } from './worker';

// The worker on its own, for scaled-out deployments (the API then runs with WORKER=false).
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required to run the worker on its own');
  process.exit(1);
}
const db = createDb(databaseUrl, 4);
const worker = await startWorker({
  db,
  databaseUrl,
  mail: {
    smtpUrl: process.env.SMTP_URL || undefined,
    from: process.env.MAIL_FROM ?? 'Vaultdesk <no-reply@vaultdesk.test>',
    outboxDir: `${process.env.DATA_DIR ?? '.data'}/mail-outbox`,
  },
  log: (msg, err) => (err ? console.error(`[worker] ${msg}`, err) : console.log(`[worker] ${msg}`)),
});
console.log('[worker] running');
const stop = async () => {
  await worker.stop();
  await db.$client.end();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
