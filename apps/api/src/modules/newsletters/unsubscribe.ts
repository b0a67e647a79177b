import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { verifyUnsubscribeToken } from '@vaultdesk/worker';
import type { Config } from '../../config/config';
import { AppError, badRequest } from '../../http/errors';

/** The link in every mail: marks the subscriber unsubscribed (idempotent). */
export async function unsubscribe(db: Db, config: Config, token: string) {
  const id = verifyUnsubscribeToken(config.secretsKey, token);
  if (!id) throw badRequest('This unsubscribe link is not valid', { token: ['Not a valid unsubscribe link'] });
  const {
    rows: [row],
  } = await db.execute<{ email: string }>(sql`
    UPDATE newsletter_subscribers SET subscribed = false, unsubscribed_at = coalesce(unsubscribed_at, now())
     WHERE id = ${id} RETURNING email::text`);
  if (!row) throw new AppError('NOT_FOUND', 'Subscriber not found');
  return row.email;
}
