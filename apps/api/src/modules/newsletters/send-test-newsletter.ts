import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { createNewsletterTransport, renderNewsletter, unsubscribeUrlFor } from '@vaultdesk/worker';
import type { Config } from '../../config/config';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, conflict } from '../../http/errors';
import { checkSecret, readConfig } from './newsletter-rows';
import { getNewsletter } from './read-newsletters';

/** Sends the newsletter now to the test mail list only, whatever its own list. */
export async function sendTestNewsletter(db: Db, config: Config, id: string, accessCode: string, ctx: RequestContext) {
  const mailSettings = { appUrl: config.appUrl, unsubscribeSecret: config.secretsKey };
  await checkSecret(db, 'access_code', accessCode);
  const letter = await getNewsletter(db, id);
  if (letter.deliveryStatus !== 'saved')
    throw conflict(`Newsletter is ${letter.deliveryStatus}: only a saved newsletter is tested`);
  const { rows: recipients } = await db.execute<{ id: string; email: string }>(
    sql`SELECT id::text, email::text FROM newsletter_subscribers WHERE list = 'test' AND subscribed ORDER BY id LIMIT 50`,
  );
  if (!recipients.length) throw conflict('The test mail list is empty');
  const c = await readConfig(db);
  const transport = createNewsletterTransport({
    ...mailSettings,
    smtpUrl: config.mail.smtpUrl,
    outboxDir: config.mail.outboxDir,
    connections: 2,
  });
  try {
    for (const r of recipients) {
      const unsubscribeUrl = unsubscribeUrlFor(mailSettings, r.id);
      const mail = renderNewsletter(letter, unsubscribeUrl);
      await transport.send({
        from: `"${c.sender_name.replace(/"/g, '')}" <${c.sender_email}>`,
        to: r.email,
        ...mail,
        subject: `[TEST] ${mail.subject}`,
        unsubscribeUrl,
        newsletterId: `test-${id}`,
        subscriberId: r.id,
      });
    }
  } catch (err) {
    throw new AppError('CONFLICT', `The test mail could not be sent: ${String(err).slice(0, 200)}`);
  } finally {
    transport.close();
  }
  await db.transaction((tx) =>
    writeAudit(tx, ctx, {
      action: 'newsletter.test',
      targetType: 'newsletter',
      targetId: id,
      after: { recipients: recipients.map((r) => r.email) },
    }),
  );
  return { sent: recipients.length, recipients: recipients.map((r) => r.email) };
}
