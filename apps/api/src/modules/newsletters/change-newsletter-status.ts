import { sql, type SQL } from 'drizzle-orm';
import { NEWSLETTER_MACHINE, type NewsletterStatus } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import type { JobQueue } from '../../http/app-types';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { transition } from '../../transitions/transition';
import { checkSecret, notFound, nudge, out, type Row } from './newsletter-rows';

/** A newsletter's moves along its status machine, each behind the access code. */

/** One guarded move and its audit row, inside the caller's transaction. */
async function move(
  tx: Tx,
  ctx: RequestContext,
  id: string,
  permissions: readonly string[],
  step: { to: NewsletterStatus; action: string; after: Record<string, unknown>; set?: SQL },
) {
  const { row, from } = await transition<NewsletterStatus>(tx, {
    machine: NEWSLETTER_MACHINE,
    table: 'newsletters',
    id,
    to: step.to,
    permissions,
    statusColumn: 'delivery_status',
    set: step.set ?? sql`updated_at = now()`,
  });
  await writeAudit(tx, ctx, {
    action: step.action,
    targetType: 'newsletter',
    targetId: id,
    before: { deliveryStatus: from },
    after: step.after,
  });
  return row as Row;
}

/** Submits a saved newsletter for approval (saved -> pending, unpublished). */
export async function submitNewsletter(
  db: Db,
  id: string,
  accessCode: string,
  permissions: readonly string[],
  ctx: RequestContext,
) {
  await checkSecret(db, 'access_code', accessCode);
  return db.transaction(async (tx) =>
    out(
      await move(tx, ctx, id, permissions, {
        to: 'pending',
        action: 'newsletter.submit',
        after: { deliveryStatus: 'pending', isPublished: false },
      }),
    ),
  );
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
    return move(tx, ctx, id, permissions, {
      to: status,
      action: status === 'paused' ? 'newsletter.pause' : 'newsletter.resume',
      after: { deliveryStatus: status },
    });
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
  return db.transaction(async (tx) =>
    out(
      await move(tx, ctx, id, permissions, {
        to: 'terminated',
        action: 'newsletter.terminate',
        after: { deliveryStatus: 'terminated' },
        set: sql`updated_at = now(), finished_at = now()`,
      }),
    ),
  );
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
    await move(tx, ctx, id, permissions, {
      to: 'deleted',
      action: 'newsletter.delete',
      after: { deliveryStatus: 'deleted' },
    });
    return { _id: id };
  });
}
