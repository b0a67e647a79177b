import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { sanitizeNewsletterHtml } from '@vaultdesk/worker';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict } from '../../http/errors';
import { notFound, out, type Row } from './newsletter-rows';

export type Draft = {
  id?: string;
  subject: string;
  bannerUrl: string;
  previewMessage: string;
  maillist: string;
  content: string;
  deliveryType: string;
  deliveryDate?: string | null;
};

/** Creates a saved draft, or changes one that is still saved. */
export async function saveDraft(db: Db, draft: Draft, ctx: RequestContext) {
  // Stored as the sender will mail it (formatting tags and safe links only): the editor that
  // opens the draft, and anything else that reads it, never gets a script or a handler.
  const body = { ...draft, content: sanitizeNewsletterHtml(draft.content) };
  if (!body.content.trim())
    throw badRequest('Content is required', { content: ['The content holds nothing that can be sent'] });
  const scheduled = body.deliveryType === 'scheduled';
  const date = scheduled ? body.deliveryDate! : null;
  return db.transaction(async (tx) => {
    let row: Row | undefined;
    if (body.id) {
      const {
        rows: [before],
      } = await tx.execute<Row>(sql`SELECT * FROM newsletters WHERE id = ${body.id} FOR UPDATE`);
      if (!before || before.delivery_status === 'deleted') throw notFound();
      if (before.delivery_status !== 'saved')
        throw conflict(`Newsletter is ${before.delivery_status}: only a saved newsletter can be edited`);
      ({
        rows: [row],
      } = await tx.execute<Row>(sql`
        UPDATE newsletters SET subject = ${body.subject}, banner_url = ${body.bannerUrl}, preview_message = ${body.previewMessage},
               maillist = ${body.maillist}, content = ${body.content}, delivery_type = ${body.deliveryType}, delivery_date = ${date},
               instant_processing = ${!scheduled}, updated_at = now()
         WHERE id = ${body.id} AND delivery_status = 'saved' RETURNING *`));
      await writeAudit(tx, ctx, {
        action: 'newsletter.update',
        targetType: 'newsletter',
        targetId: body.id,
        before: { subject: before.subject, maillist: before.maillist, deliveryType: before.delivery_type },
        after: { subject: body.subject, maillist: body.maillist, deliveryType: body.deliveryType },
      });
    } else {
      ({
        rows: [row],
      } = await tx.execute<Row>(sql`
        INSERT INTO newsletters (subject, banner_url, preview_message, maillist, content, delivery_type, delivery_date, instant_processing, creator_id, creator_email)
        VALUES (${body.subject}, ${body.bannerUrl}, ${body.previewMessage}, ${body.maillist}, ${body.content}, ${body.deliveryType}, ${date}, ${!scheduled},
                ${ctx.actor?.id ?? null}, ${ctx.actor?.email ?? 'system'})
        RETURNING *`));
      await writeAudit(tx, ctx, {
        action: 'newsletter.create',
        targetType: 'newsletter',
        targetId: row!.id,
        after: { subject: body.subject, maillist: body.maillist, deliveryType: body.deliveryType },
      });
    }
    return out(row!);
  });
}
