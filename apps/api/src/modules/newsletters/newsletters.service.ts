import { sql } from 'drizzle-orm';
import { NEWSLETTER_MACHINE, NEWSLETTER_MAILLISTS, type NewsletterStatus } from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import {
  createNewsletterTransport,
  NEWSLETTER_SEND_JOB,
  renderNewsletter,
  sanitizeNewsletterHtml,
  unsubscribeUrlFor,
  verifyUnsubscribeToken,
} from '@vaultdesk/worker';
import type { Config } from '../../config/config';
import type { JobQueue } from '../../http/app-types';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict, forbidden } from '../../http/errors';
import { hashPassword, verifyPassword } from '../../credentials/credentials';
import { transition } from '../../transitions/transition';
import { toIso } from '../../timestamps/iso';
import { toPage } from '../../lists/page';

/** Timestamps from raw SQL come back as text or Date depending on the driver path. */

type Row = {
  id: string; subject: string; banner_url: string; preview_message: string; maillist: string; delivery_type: string;
  delivery_status: string; delivery_date: Date | string | null; instant_processing: boolean; creator_id: string | null; creator_email: string;
  approved_by_email: string | null; content: string; is_published: boolean; total_sent: number; total_failed: number; total_in_doubt: number;
  total_recipients: number | null; created_at: Date | string; updated_at: Date | string;
};
const out = (r: Row) => ({
  id: r.id,
  _id: r.id,
  subject: r.subject,
  bannerUrl: r.banner_url,
  previewMessage: r.preview_message,
  maillist: r.maillist,
  deliveryType: r.delivery_type,
  deliveryStatus: r.delivery_status,
  deliveryDate: r.delivery_date ? toIso(r.delivery_date) : null,
  instantProcessing: r.instant_processing,
  creatorEmail: r.creator_email,
  approvedBy: r.approved_by_email,
  content: r.content,
  isPublished: r.is_published,
  totalSent: r.total_sent,
  totalFailed: r.total_failed,
  totalInDoubt: r.total_in_doubt,
  totalRecipients: r.total_recipients,
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});
const notFound = () => new AppError('NOT_FOUND', 'Newsletter not found');

type Draft = { id?: string; subject: string; bannerUrl: string; previewMessage: string; maillist: string; content: string; deliveryType: string; deliveryDate?: string | null };
type ConfigRow = { sender_name: string; sender_email: string; max_mails_per_batch: number; wait_minutes_per_batch: string; access_code_hash: string | null; sender_pin_hash: string | null; updated_at: Date | string };

export function createNewslettersService(db: Db, config: Config, jobs: JobQueue | null) {
  const mailSettings = { appUrl: config.appUrl, unsubscribeSecret: config.secretsKey };

  const readConfig = async (q: Db | Tx = db) => (await q.execute<ConfigRow>(sql`SELECT sender_name, sender_email::text, max_mails_per_batch, wait_minutes_per_batch::text, access_code_hash, sender_pin_hash, updated_at FROM newsletter_config WHERE id = 1`)).rows[0]!;

  /** Checks the access code (or sender pin) against its argon2id hash in the system config. */
  async function checkSecret(kind: 'access_code' | 'sender_pin', given: string) {
    const c = await readConfig();
    const hash = kind === 'access_code' ? c.access_code_hash : c.sender_pin_hash;
    const label = kind === 'access_code' ? 'access code' : 'sender pin';
    if (!hash) throw conflict(`No newsletter ${label} is set: set it in the newsletter system config first`);
    if (!(await verifyPassword(hash, given))) throw forbidden(`Wrong ${label}`);
  }

  const nudge = async (id: string) => {
    // The scheduler bot also starts due sends every minute: a lost nudge only delays.
    try { await jobs?.send(NEWSLETTER_SEND_JOB, { id }); } catch { /* the scheduler sweep picks it up */ }
  };

  return {
    async list(page: number, pageSize: number) {
      const [{ rows }, { rows: [total] }] = await Promise.all([
        db.execute<Row>(sql`SELECT * FROM newsletters WHERE delivery_status <> 'deleted' ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
        db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM newsletters WHERE delivery_status <> 'deleted'`),
      ]);
      return toPage(rows.map(out), total!.n, page, pageSize, { emptyHasOnePage: true });
    },

    async get(id: string) {
      const { rows: [row] } = await db.execute<Row>(sql`SELECT * FROM newsletters WHERE id = ${id} AND delivery_status <> 'deleted'`);
      if (!row) throw notFound();
      return out(row);
    },

    async maillists() {
      const { rows } = await db.execute<{ list: string; n: number }>(sql`SELECT list, count(*)::int AS n FROM newsletter_subscribers WHERE subscribed GROUP BY list`);
      return { maillist: NEWSLETTER_MAILLISTS.map((l) => ({ name: l.name, label: l.label, count: rows.find((r) => r.list === l.name)?.n ?? 0 })) };
    },

    async subscribers() {
      const { rows: [r] } = await db.execute<{ on: number; off: number }>(sql`
        SELECT count(*) FILTER (WHERE subscribed)::int AS on, count(*) FILTER (WHERE NOT subscribed)::int AS off
          FROM newsletter_subscribers WHERE list = 'subscribers'`);
      return { totalSubscribers: r!.on, totalUnSubscribers: r!.off };
    },

    /** Creates a saved draft, or changes one that is still saved. */
    async saveDraft(draft: Draft, ctx: RequestContext) {
      // Stored as the sender will mail it (formatting tags and safe links only): the editor that
      // opens the draft, and anything else that reads it, never gets a script or a handler.
      const body = { ...draft, content: sanitizeNewsletterHtml(draft.content) };
      if (!body.content.trim()) throw badRequest('Content is required', { content: ['The content holds nothing that can be sent'] });
      const scheduled = body.deliveryType === 'scheduled';
      const date = scheduled ? body.deliveryDate! : null;
      return db.transaction(async (tx) => {
        let row: Row | undefined;
        if (body.id) {
          const { rows: [before] } = await tx.execute<Row>(sql`SELECT * FROM newsletters WHERE id = ${body.id} FOR UPDATE`);
          if (!before || before.delivery_status === 'deleted') throw notFound();
          if (before.delivery_status !== 'saved') throw conflict(`Newsletter is ${before.delivery_status}: only a saved newsletter can be edited`);
          ({ rows: [row] } = await tx.execute<Row>(sql`
            UPDATE newsletters SET subject = ${body.subject}, banner_url = ${body.bannerUrl}, preview_message = ${body.previewMessage},
                   maillist = ${body.maillist}, content = ${body.content}, delivery_type = ${body.deliveryType}, delivery_date = ${date},
                   instant_processing = ${!scheduled}, updated_at = now()
             WHERE id = ${body.id} AND delivery_status = 'saved' RETURNING *`));
          await writeAudit(tx, ctx, { action: 'newsletter.update', targetType: 'newsletter', targetId: body.id, before: { subject: before.subject, maillist: before.maillist, deliveryType: before.delivery_type }, after: { subject: body.subject, maillist: body.maillist, deliveryType: body.deliveryType } });
        } else {
          ({ rows: [row] } = await tx.execute<Row>(sql`
            INSERT INTO newsletters (subject, banner_url, preview_message, maillist, content, delivery_type, delivery_date, instant_processing, creator_id, creator_email)
            VALUES (${body.subject}, ${body.bannerUrl}, ${body.previewMessage}, ${body.maillist}, ${body.content}, ${body.deliveryType}, ${date}, ${!scheduled},
                    ${ctx.actor?.id ?? null}, ${ctx.actor?.email ?? 'system'})
            RETURNING *`));
          await writeAudit(tx, ctx, { action: 'newsletter.create', targetType: 'newsletter', targetId: row!.id, after: { subject: body.subject, maillist: body.maillist, deliveryType: body.deliveryType } });
        }
        return out(row!);
      });
    },

    /** Sends the newsletter now to the test mail list only, whatever its own list. */
    async sendTest(id: string, accessCode: string, ctx: RequestContext) {
      await checkSecret('access_code', accessCode);
      const letter = await this.get(id);
      if (letter.deliveryStatus !== 'saved') throw conflict(`Newsletter is ${letter.deliveryStatus}: only a saved newsletter is tested`);
      const { rows: recipients } = await db.execute<{ id: string; email: string }>(sql`SELECT id::text, email::text FROM newsletter_subscribers WHERE list = 'test' AND subscribed ORDER BY id LIMIT 50`);
      if (!recipients.length) throw conflict('The test mail list is empty');
      const c = await readConfig();
      const transport = createNewsletterTransport({ ...mailSettings, smtpUrl: config.mail.smtpUrl, outboxDir: config.mail.outboxDir, connections: 2 });
      try {
        for (const r of recipients) {
          const unsubscribeUrl = unsubscribeUrlFor(mailSettings, r.id);
          const mail = renderNewsletter(letter, unsubscribeUrl);
          await transport.send({ from: `"${c.sender_name.replace(/"/g, '')}" <${c.sender_email}>`, to: r.email, ...mail, subject: `[TEST] ${mail.subject}`, unsubscribeUrl, newsletterId: `test-${id}`, subscriberId: r.id });
        }
      } catch (err) {
        throw new AppError('CONFLICT', `The test mail could not be sent: ${String(err).slice(0, 200)}`);
      } finally {
        transport.close();
      }
      await db.transaction((tx) => writeAudit(tx, ctx, { action: 'newsletter.test', targetType: 'newsletter', targetId: id, after: { recipients: recipients.map((r) => r.email) } }));
      return { sent: recipients.length, recipients: recipients.map((r) => r.email) };
    },

    /** Submits a saved newsletter for approval (saved -> pending, unpublished). */
    async submit(id: string, accessCode: string, permissions: readonly string[], ctx: RequestContext) {
      await checkSecret('access_code', accessCode);
      return db.transaction(async (tx) => {
        const { row, from } = await transition<NewsletterStatus>(tx, { machine: NEWSLETTER_MACHINE, table: 'newsletters', id, to: 'pending', permissions, statusColumn: 'delivery_status', set: sql`updated_at = now()` });
        await writeAudit(tx, ctx, { action: 'newsletter.submit', targetType: 'newsletter', targetId: id, before: { deliveryStatus: from }, after: { deliveryStatus: 'pending', isPublished: false } });
        return out(row as Row);
      });
    },

    /**
     * Approves a pending newsletter and starts its sending. A second member of staff: the
     * creator cannot approve their own. Guarded so two approvals at once publish it once.
     */
    async approve(id: string, senderPin: string, ctx: RequestContext) {
      await checkSecret('sender_pin', senderPin);
      const row = await db.transaction(async (tx) => {
        const { rows: [before] } = await tx.execute<Row>(sql`SELECT * FROM newsletters WHERE id = ${id} FOR UPDATE`);
        if (!before || before.delivery_status === 'deleted') throw notFound();
        if (before.creator_id && before.creator_id === ctx.actor?.id) throw forbidden('You cannot approve a newsletter you created: another member of staff must approve it');
        const { rows: [updated] } = await tx.execute<Row>(sql`
          UPDATE newsletters SET is_published = true, approved_by_email = ${ctx.actor?.email ?? null}, approved_at = now(), updated_at = now()
           WHERE id = ${id} AND delivery_status = 'pending' AND NOT is_published RETURNING *`);
        if (!updated) throw conflict(before.is_published ? 'Newsletter is already approved' : `Newsletter is ${before.delivery_status}: only a pending newsletter can be approved`);
        await writeAudit(tx, ctx, { action: 'newsletter.approve', targetType: 'newsletter', targetId: id, before: { isPublished: false }, after: { isPublished: true, deliveryDate: updated.delivery_date ? toIso(updated.delivery_date) : null } });
        return updated;
      });
      if (!row.delivery_date || new Date(row.delivery_date).getTime() <= Date.now()) await nudge(id);
      return out(row);
    },

    /** Pause (pending -> paused) or resume (paused -> pending) a published newsletter. */
    async setStatus(id: string, status: 'paused' | 'pending', accessCode: string, permissions: readonly string[], ctx: RequestContext) {
      await checkSecret('access_code', accessCode);
      const row = await db.transaction(async (tx) => {
        const { rows: [before] } = await tx.execute<Row>(sql`SELECT * FROM newsletters WHERE id = ${id} FOR UPDATE`);
        if (!before || before.delivery_status === 'deleted') throw notFound();
        if (!before.is_published) throw conflict('Newsletter is not approved yet: only an approved newsletter can be paused or resumed');
        const { row, from } = await transition<NewsletterStatus>(tx, { machine: NEWSLETTER_MACHINE, table: 'newsletters', id, to: status, permissions, statusColumn: 'delivery_status', set: sql`updated_at = now()` });
        await writeAudit(tx, ctx, { action: status === 'paused' ? 'newsletter.pause' : 'newsletter.resume', targetType: 'newsletter', targetId: id, before: { deliveryStatus: from }, after: { deliveryStatus: status } });
        return row as Row;
      });
      if (status === 'pending') await nudge(id);
      return out(row);
    },

    async terminate(id: string, accessCode: string, permissions: readonly string[], ctx: RequestContext) {
      await checkSecret('access_code', accessCode);
      return db.transaction(async (tx) => {
        const { row, from } = await transition<NewsletterStatus>(tx, { machine: NEWSLETTER_MACHINE, table: 'newsletters', id, to: 'terminated', permissions, statusColumn: 'delivery_status', set: sql`updated_at = now(), finished_at = now()` });
        await writeAudit(tx, ctx, { action: 'newsletter.terminate', targetType: 'newsletter', targetId: id, before: { deliveryStatus: from }, after: { deliveryStatus: 'terminated' } });
        return out(row as Row);
      });
    },

    async remove(id: string, accessCode: string, permissions: readonly string[], ctx: RequestContext) {
      await checkSecret('access_code', accessCode);
      return db.transaction(async (tx) => {
        const { from } = await transition<NewsletterStatus>(tx, { machine: NEWSLETTER_MACHINE, table: 'newsletters', id, to: 'deleted', permissions, statusColumn: 'delivery_status', set: sql`updated_at = now()` });
        await writeAudit(tx, ctx, { action: 'newsletter.delete', targetType: 'newsletter', targetId: id, before: { deliveryStatus: from }, after: { deliveryStatus: 'deleted' } });
        return { _id: id };
      });
    },

    async getConfig() {
      const c = await readConfig();
      return {
        senderName: c.sender_name,
        senderEmail: c.sender_email,
        maxMailsPerBatch: c.max_mails_per_batch,
        waitMinutesPerBatch: Number(c.wait_minutes_per_batch),
        accessCodeSet: !!c.access_code_hash,
        senderPinSet: !!c.sender_pin_hash,
        updatedAt: toIso(c.updated_at),
      };
    },

    async updateConfig(body: { senderName: string; senderEmail: string; maxMailsPerBatch: number; waitMinutesPerBatch: number; accessCode?: string; senderPin?: string }, ctx: RequestContext) {
      if (config.env === 'production' && (body.accessCode === DEMO_NEWSLETTER_ACCESS_CODE || body.senderPin === DEMO_NEWSLETTER_SENDER_PIN)) {
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
          before: { senderName: before.sender_name, senderEmail: before.sender_email, maxMailsPerBatch: before.max_mails_per_batch, waitMinutesPerBatch: Number(before.wait_minutes_per_batch) },
          // Never the code or pin themselves: only that they changed.
          after: { senderName: body.senderName, senderEmail: body.senderEmail, maxMailsPerBatch: body.maxMailsPerBatch, waitMinutesPerBatch: body.waitMinutesPerBatch, accessCodeChanged: !!accessHash, senderPinChanged: !!pinHash },
        });
      });
      return this.getConfig();
    },

    /** The link in every mail: marks the subscriber unsubscribed (idempotent). */
    async unsubscribe(token: string) {
      const id = verifyUnsubscribeToken(config.secretsKey, token);
      if (!id) throw badRequest('This unsubscribe link is not valid', { token: ['Not a valid unsubscribe link'] });
      const { rows: [row] } = await db.execute<{ email: string }>(sql`
        UPDATE newsletter_subscribers SET subscribed = false, unsubscribed_at = coalesce(unsubscribed_at, now())
         WHERE id = ${id} RETURNING email::text`);
      if (!row) throw new AppError('NOT_FOUND', 'Subscriber not found');
      return row.email;
    },
  };
}

/** Demo mode only (documented in the README); refused in production. */
export const DEMO_NEWSLETTER_ACCESS_CODE = 'vault-news-demo';
export const DEMO_NEWSLETTER_SENDER_PIN = '246810';

/** Sets the demo access code and sender pin when none is set. Never in production. */
export async function seedDemoNewsletterSecrets(db: Db, config: Config) {
  if (config.env === 'production') throw new Error('Demo newsletter secrets are never set in production');
  const { rows: [c] } = await db.execute<{ a: string | null; p: string | null }>(sql`SELECT access_code_hash AS a, sender_pin_hash AS p FROM newsletter_config WHERE id = 1`);
  if (c?.a && c.p) return;
  await db.execute(sql`UPDATE newsletter_config SET access_code_hash = coalesce(access_code_hash, ${await hashPassword(DEMO_NEWSLETTER_ACCESS_CODE)}),
                              sender_pin_hash = coalesce(sender_pin_hash, ${await hashPassword(DEMO_NEWSLETTER_SENDER_PIN)}) WHERE id = 1`);
  await db.execute(sql`INSERT INTO newsletter_subscribers (list, email) VALUES ('test', 'newsletter-test@vaultdesk.test'), ('test', 'marketing-test@vaultdesk.test') ON CONFLICT DO NOTHING`);
}
