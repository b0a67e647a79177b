import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { hashPassword } from '../../credentials/credentials';
import { toIso } from '../../timestamps/iso';
import { readConfig } from './newsletter-rows';

/** Demo mode only (documented in the README); refused in production. */
export const DEMO_NEWSLETTER_ACCESS_CODE = 'vault-news-demo';
export const DEMO_NEWSLETTER_SENDER_PIN = '246810';

/** The newsletter system config as staff see it: never the access code or sender pin, only whether each is set. */
export async function getNewsletterConfig(db: Db) {
  const c = await readConfig(db);
  return {
    senderName: c.sender_name,
    senderEmail: c.sender_email,
    maxMailsPerBatch: c.max_mails_per_batch,
    waitMinutesPerBatch: Number(c.wait_minutes_per_batch),
    accessCodeSet: !!c.access_code_hash,
    senderPinSet: !!c.sender_pin_hash,
    updatedAt: toIso(c.updated_at),
  };
}

export async function updateNewsletterConfig(
  db: Db,
  config: Config,
  body: {
    senderName: string;
    senderEmail: string;
    maxMailsPerBatch: number;
    waitMinutesPerBatch: number;
    accessCode?: string;
    senderPin?: string;
  },
  ctx: RequestContext,
) {
  if (
    config.env === 'production' &&
    (body.accessCode === DEMO_NEWSLETTER_ACCESS_CODE || body.senderPin === DEMO_NEWSLETTER_SENDER_PIN)
  ) {
    throw badRequest('The demo access code and sender pin are refused in production', {
      ...(body.accessCode === DEMO_NEWSLETTER_ACCESS_CODE ? { accessCode: ['Choose your own access code'] } : {}),
      ...(body.senderPin === DEMO_NEWSLETTER_SENDER_PIN ? { senderPin: ['Choose your own sender pin'] } : {}),
    });
  }
  const accessHash = body.accessCode ? await hashPassword(body.accessCode) : null;
  const pinHash = body.senderPin ? await hashPassword(body.senderPin) : null;
  await db.transaction(async (tx) => {
    const before = await readConfig(tx);
    await tx.execute(sql`
      UPDATE newsletter_config SET sender_name = ${body.senderName}, sender_email = ${body.senderEmail}, max_mails_per_batch = ${body.maxMailsPerBatch},
             wait_minutes_per_batch = ${body.waitMinutesPerBatch}, access_code_hash = coalesce(${accessHash}, access_code_hash),
             sender_pin_hash = coalesce(${pinHash}, sender_pin_hash), updated_by = ${ctx.actor?.id ?? null}, updated_at = now()
       WHERE id = 1`);
    await writeAudit(tx, ctx, {
      action: 'newsletter.config',
      targetType: 'newsletter_config',
      targetId: '1',
      before: {
        senderName: before.sender_name,
        senderEmail: before.sender_email,
        maxMailsPerBatch: before.max_mails_per_batch,
        waitMinutesPerBatch: Number(before.wait_minutes_per_batch),
      },
      // Never the code or pin themselves: only that they changed.
      after: {
        senderName: body.senderName,
        senderEmail: body.senderEmail,
        maxMailsPerBatch: body.maxMailsPerBatch,
        waitMinutesPerBatch: body.waitMinutesPerBatch,
        accessCodeChanged: !!accessHash,
        senderPinChanged: !!pinHash,
      },
    });
  });
  return getNewsletterConfig(db);
}
