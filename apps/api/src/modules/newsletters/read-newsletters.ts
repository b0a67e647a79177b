import { sql } from 'drizzle-orm';
import { NEWSLETTER_MAILLISTS } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { offsetPage, sqlPageRead } from '../../lists/page';
import { notFound, out, type Row } from './newsletter-rows';

/** The newsletter reads: the list, one newsletter, the mail lists and the subscriber counts. */

export function listNewsletters(db: Db, page: number, pageSize: number) {
  const read = sqlPageRead(
    db,
    sql`SELECT * FROM newsletters WHERE delivery_status <> 'deleted' ORDER BY created_at DESC, id DESC`,
    sql`newsletters WHERE delivery_status <> 'deleted'`,
    (r: Row) => out(r),
  );
  return offsetPage({ page, pageSize }, read, { emptyHasOnePage: true });
}

export async function getNewsletter(db: Db, id: string) {
  const {
    rows: [row],
  } = await db.execute<Row>(sql`SELECT * FROM newsletters WHERE id = ${id} AND delivery_status <> 'deleted'`);
  if (!row) throw notFound();
  return out(row);
}

export async function newsletterMaillists(db: Db) {
  const { rows } = await db.execute<{ list: string; n: number }>(
    sql`SELECT list, count(*)::int AS n FROM newsletter_subscribers WHERE subscribed GROUP BY list`,
  );
  return {
    maillist: NEWSLETTER_MAILLISTS.map((l) => ({
      name: l.name,
      label: l.label,
      count: rows.find((r) => r.list === l.name)?.n ?? 0,
    })),
  };
}

export async function newsletterSubscribers(db: Db) {
  const {
    rows: [r],
  } = await db.execute<{ on: number; off: number }>(sql`
    SELECT count(*) FILTER (WHERE subscribed)::int AS on, count(*) FILTER (WHERE NOT subscribed)::int AS off
      FROM newsletter_subscribers WHERE list = 'subscribers'`);
  return { totalSubscribers: r!.on, totalUnSubscribers: r!.off };
}
