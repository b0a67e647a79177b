import { sql } from 'drizzle-orm';
import { NEWSLETTER_MACHINE, type NewsletterStatus } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { JobQueue } from '../../http/app-types';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { transition } from '../../transitions/transition';
import { checkSecret, notFound, nudge, out, type Row } from './newsletter-rows';

/** A newsletter's moves along its status machine, each behind the access code. */

/** Submits a saved newsletter for approval (saved -> pending, unpublished). */
export async function submitNewsletter(
  db: Db,
  id: string,
  accessCode: string,
  permissions: readonly string[],
  ctx: RequestContext,
) {
  await checkSecret(db, 'access_code', accessCode);
  return db.transaction(async (tx) => {
    const { row, from } = await transition<NewsletterStatus>(tx, {
      machine: NEWSLETTER_MACHINE,
      table: 'newsletters',
      id,
      to: 'pending',
      permissions,
      statusColumn: 'delivery_status',
      set: sql`updated_at = now()`,
    });
    await writeAudit(tx, ctx, {
      action: 'newsletter.submit',
      targetType: 'newsletter',
      targetId: id,
      before: { deliveryStatus: from },
      after: { deliveryStatus: 'pending', isPublished: false },
    });
    return out(row as Row);
  });
}

/** Pause (pending -> paused) or resume (paused -> pending) a published newsletter. */
export async function setNewsletterStatus(
  db: Db,
  jobs: JobQueue | null,
  id: string,
  status: 'paused' | 'pending',
  accessCode: string,
  permissions: readonly string[],
  ctx: RequestContext,
) {
  await checkSecret(db, 'access_code', accessCode);
  const row = await db.transaction(async (tx) => {
    const {
      rows: [before],
    } = await tx.execute<Row>(sql`SELECT * FROM newsletters WHERE id = ${id} FOR UPDATE`);
    if (!before || before.delivery_status === 'deleted') throw notFound();
    if (!before.is_published)
      throw conflict('Newsletter is not approved yet: only an approved newsletter can be paused or resumed');
    const { row, from } = await transition<NewsletterStatus>(tx, {
      machine: NEWSLETTER_MACHINE,
      table: 'newsletters',
      id,
      to: status,
      permissions,
      statusColumn: 'delivery_status',
      set: sql`updated_at = now()`,
    });
    await writeAudit(tx, ctx, {
      action: status === 'paused' ? 'newsletter.pause' : 'newsletter.resume',
      targetType: 'newsletter',
      targetId: id,
      before: { deliveryStatus: from },
      after: { deliveryStatus: status },
    });
    return row as Row;
  });
  if (status === 'pending') await nudge(jobs, id);
  return out(row);
}

export async function terminateNewsletter(
  db: Db,
  id: string,
  accessCode: string,
  permissions: readonly string[],
  ctx: RequestContext,
) {
  await checkSecret(db, 'access_code', accessCode);
  return db.transaction(async (tx) => {
    const { row, from } = await transition<NewsletterStatus>(tx, {
      machine: NEWSLETTER_MACHINE,
      table: 'newsletters',
      id,
      to: 'terminated',
      permissions,
      statusColumn: 'delivery_status',
      set: sql`updated_at = now(), finished_at = now()`,
    });
    await writeAudit(tx, ctx, {
      action: 'newsletter.terminate',
      targetType: 'newsletter',
      targetId: id,
      before: { deliveryStatus: from },
      after: { deliveryStatus: 'terminated' },
    });
    return out(row as Row);
  });
}

export async function removeNewsletter(
  db: Db,
  id: string,
  accessCode: string,
  permissions: readonly string[],
  ctx: RequestContext,
) {
  await checkSecret(db, 'access_code', accessCode);
  return db.transaction(async (tx) => {
    const { from } = await transition<NewsletterStatus>(tx, {
      machine: NEWSLETTER_MACHINE,
      table: 'newsletters',
      id,
      to: 'deleted',
      permissions,
      statusColumn: 'delivery_status',
      set: sql`updated_at = now()`,
    });
    await writeAudit(tx, ctx, {
      action: 'newsletter.delete',
      targetType: 'newsletter',
      targetId: id,
      before: { deliveryStatus: from },
      after: { deliveryStatus: 'deleted' },
    });
    return { _id: id };
  });
}
