import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import type { Config } from '../config/config';
import { hashPassword } from '../credentials/credentials';
import { DEMO_NEWSLETTER_ACCESS_CODE, DEMO_NEWSLETTER_SENDER_PIN } from '../modules/newsletters/newsletters.service';

/** Sets the demo access code and sender pin when none is set. Never in production. */
export async function seedDemoNewsletterSecrets(db: Db, config: Config) {
  if (config.env === 'production') throw new Error('Demo newsletter secrets are never set in production');
  const {
    rows: [c],
  } = await db.execute<{ a: string | null; p: string | null }>(
    sql`SELECT access_code_hash AS a, sender_pin_hash AS p FROM newsletter_config WHERE id = 1`,
  );
  if (c?.a && c.p) return;
  await db.execute(sql`UPDATE newsletter_config SET access_code_hash = coalesce(access_code_hash, ${await hashPassword(DEMO_NEWSLETTER_ACCESS_CODE)}),
                              sender_pin_hash = coalesce(sender_pin_hash, ${await hashPassword(DEMO_NEWSLETTER_SENDER_PIN)}) WHERE id = 1`);
  await db.execute(
    sql`INSERT INTO newsletter_subscribers (list, email) VALUES ('test', 'newsletter-test@vaultdesk.test'), ('test', 'marketing-test@vaultdesk.test') ON CONFLICT DO NOTHING`,
  );
}
