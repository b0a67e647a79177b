import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import type { JobQueue } from '../../http/app-types';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict, forbidden } from '../../http/errors';
import { toIso } from '../../timestamps/iso';
import { checkSecret, notFound, nudge, out, type Row } from './newsletter-rows';

/**
 * Approves a pending newsletter and starts its sending. A second member of staff: the
 * creator cannot approve their own. Guarded so two approvals at once publish it once.
 */
export async function approveNewsletter(
  db: Db,
  jobs: JobQueue | null,
  id: string,
  senderPin: string,
  ctx: RequestContext,
) {
  await checkSecret(db, 'sender_pin', senderPin);
  const row = await db.transaction(async (tx) => {
    const {
      rows: [before],
    } = await tx.execute<Row>(sql`SELECT * FROM newsletters WHERE id = ${id} FOR UPDATE`);
    if (!before || before.delivery_status === 'deleted') throw notFound();
    if (before.creator_id && before.creator_id === ctx.actor?.id)
      throw forbidden('You cannot approve a newsletter you created: another member of staff must approve it');
    const {
      rows: [updated],
    } = await tx.execute<Row>(sql`
      UPDATE newsletters SET is_published = true, approved_by_email = ${ctx.actor?.email ?? null}, approved_at = now(), updated_at = now()
       WHERE id = ${id} AND delivery_status = 'pending' AND NOT is_published RETURNING *`);
    if (!updated)
      throw conflict(
        before.is_published
          ? 'Newsletter is already approved'
          : `Newsletter is ${before.delivery_status}: only a pending newsletter can be approved`,
      );
    await writeAudit(tx, ctx, {
      action: 'newsletter.approve',
      targetType: 'newsletter',
      targetId: id,
      before: { isPublished: false },
      after: { isPublished: true, deliveryDate: updated.delivery_date ? toIso(updated.delivery_date) : null },
    });
    return updated;
  });
  if (!row.delivery_date || new Date(row.delivery_date).getTime() <= Date.now()) await nudge(jobs, id);
  return out(row);
}
