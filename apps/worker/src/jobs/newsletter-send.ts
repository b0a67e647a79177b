import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { tryRunLock } from './tracked-job';
import { NEWSLETTER_KEPT_TAGS, NEWSLETTER_SAFE_URL } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';

export const NEWSLETTER_SEND_JOB = 'newsletter-send';

export type NewsletterMailSettings = {
  smtpUrl?: string;
  /** Without SMTP each newsletter mail is an .eml file under outboxDir/newsletters/<id>/. */
  outboxDir: string;
  appUrl: string;
  /** Signs the unsubscribe links (HMAC), so no token has to be stored per subscriber. */
  unsubscribeSecret: Buffer;
  /** Parallel SMTP connections. */
  connections?: number;
};

export type NewsletterMail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl: string;
  newsletterId: string;
  subscriberId: string;
};
export type NewsletterTransport = { send: (mail: NewsletterMail) => Promise<void>; close: () => void };

const mac = (secret: Buffer, id: string) =>
  createHmac('sha256', secret).update(`newsletter-unsubscribe:${id}`).digest('base64url').slice(0, 32);
export const unsubscribeToken = (secret: Buffer, subscriberId: string | number) =>
  `${subscriberId}.${mac(secret, String(subscriberId))}`;
/** The subscriber id a link names, or null when the link was not made by us. */
export function verifyUnsubscribeToken(secret: Buffer, token: string): string | null {
  const [id, sig] = token.split('.');
  if (!id || !sig || !/^\d+$/.test(id)) return null;
  const want = Buffer.from(mac(secret, id));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got) ? id : null;
}

/**
 * Rich-text content is staff input that goes to every subscriber: only a small set of
 * formatting tags survives, with no attributes other than a safe href/src/alt.
 */
export function sanitizeNewsletterHtml(html: string): string {
  return html
    .replace(/<(script|style|iframe|object|embed|template)[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?([a-zA-Z0-9]+)([^>]*)>/g, (whole, rawTag: string, attrs: string) => {
      const tag = rawTag.toLowerCase();
      if (!NEWSLETTER_KEPT_TAGS.has(tag)) return '';
      if (whole.startsWith('</')) return `</${tag}>`;
      const keep: string[] = [];
      for (const m of attrs.matchAll(/\b(href|src|alt)\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
        const name = m[1]!.toLowerCase();
        const value = (m[3] ?? m[4] ?? '').trim();
        if ((name === 'href' || name === 'src') && !NEWSLETTER_SAFE_URL.test(value)) continue;
        keep.push(`${name}="${value.replace(/"/g, '&quot;')}"`);
      }
      if (tag === 'a') keep.push('rel="noopener noreferrer"');
      return `<${tag}${keep.length ? ` ${keep.join(' ')}` : ''}>`;
    });
}
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  euro: '\u20ac',
  pound: '\u00a3',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  laquo: '\u00ab',
  raquo: '\u00bb',
};
/**
 * The text an HTML fragment shows: character references decoded in one pass (so `&amp;lt;`
 * reads `&lt;`, as a browser shows it). A reference to no character (0, a surrogate, past
 * U+10FFFF) reads as U+FFFD, as in HTML; an unknown name stays as written.
 */
export function decodeHtmlEntities(s: string): string {
  return s.replace(/&(#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,7}|[a-zA-Z]{2,8});/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED_ENTITIES[ref] ?? NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  });
}
/**
 * The text/plain part: what a reader of the HTML part sees, as plain text. Tags go first, then
 * the references are decoded, so text the author typed (`<script>`, `&`) reads as typed; the
 * part is never rendered as HTML, so nothing in it is markup.
 */
export const newsletterText = (html: string) =>
  decodeHtmlEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h\d|blockquote)>/gi, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

export type NewsletterContent = { subject: string; bannerUrl: string; previewMessage: string; content: string };

export function renderNewsletter(n: NewsletterContent, unsubscribeUrl: string) {
  const body = sanitizeNewsletterHtml(n.content);
  const banner = /^https?:\/\//.test(n.bannerUrl)
    ? `<p><img src="${escapeHtml(n.bannerUrl)}" alt="" style="max-width:100%"></p>`
    : '';
  const preview = n.previewMessage
    ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(n.previewMessage)}</div>`
    : '';
  const html = `<!doctype html><html><body>${preview}${banner}${body}
<hr><p style="font-size:12px;color:#888">You receive this newsletter because you subscribed. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p></body></html>`;
  const text = `${n.previewMessage ? `${n.previewMessage}\n\n` : ''}${newsletterText(body)}\n\n--\nUnsubscribe: ${unsubscribeUrl}\n`;
  return { subject: n.subject, html, text };
}

export const unsubscribeUrlFor = (
  settings: Pick<NewsletterMailSettings, 'appUrl' | 'unsubscribeSecret'>,
  subscriberId: string | number,
) =>
  `${settings.appUrl}/v1/newsletters/unsubscribe?token=${unsubscribeToken(settings.unsubscribeSecret, subscriberId)}`;

/** Pooled SMTP with SMTP_URL; otherwise .eml files, as the mail outbox does. */
export function createNewsletterTransport(settings: NewsletterMailSettings): NewsletterTransport {
  const transport: Transporter = settings.smtpUrl
    ? // One options object: a second argument to createTransport is message defaults, not
      // transport options, and without the pool every message would open its own connection.
      nodemailer.createTransport({
        url: settings.smtpUrl,
        pool: true,
        maxConnections: settings.connections ?? 8,
        maxMessages: Infinity,
      } as never)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'X-Newsletter-Id': mail.newsletterId },
      });
      if (!settings.smtpUrl) {
        const dir = path.join(settings.outboxDir, 'newsletters', mail.newsletterId);
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${mail.subscriberId}.eml`), (info as unknown as { message: Buffer }).message);
      }
    },
    close: () => transport.close(),
  };
}

type Config = {
  sender_name: string;
  sender_email: string;
  max_mails_per_batch: number;
  wait_minutes_per_batch: string;
};
type Letter = {
  id: string;
  subject: string;
  banner_url: string;
  preview_message: string;
  content: string;
  maillist: string;
  delivery_status: string;
  is_published: boolean;
  due: boolean;
  cursor_subscriber_id: string;
};

export type SendOutcome =
  'sent' | 'paused' | 'terminated' | 'not-approved' | 'scheduled' | 'busy' | 'missing' | 'stopped';
export type SendOptions = {
  settings: Pick<NewsletterMailSettings, 'appUrl' | 'unsubscribeSecret'>;
  sleep?: (ms: number) => Promise<void>;
  /** Called after each batch is recorded (progress, tests). */
  onBatch?: (info: { sent: number; failed: number; size: number }) => void | Promise<void>;
  /** Called after each delivered message; a throw here aborts the run like a crash would. */
  onDelivered?: (to: string) => void;
  /** How often, during the wait between batches, the status is checked for a pause or terminate. */
  pollMs?: number;
  /** Mails marked 'sending' and handed to SMTP together (default HAND_OFF_GROUP). */
  handOffGroup?: number;
  /** The worker is stopping: finish and record the group in hand, then return 'stopped' (claims left are sent on the next run). */
  signal?: AbortSignal;
};

const sleepMs = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Mails handed to SMTP together (after one committed mark): at most this many are in doubt after a crash. */
export const HAND_OFF_GROUP = 16;

/**
 * Sends one newsletter in batches of the configured size with the configured wait between them.
 *
 * At most once per recipient, even across crashes (kill -9 included), with every mail whose fate
 * a crash made unknown counted as "in doubt" for staff. A recipient's row in
 * newsletter_deliveries (keyed by newsletter and subscriber) goes through committed states:
 *   claimed  - taken for this batch, not yet handed to SMTP (a crash here: the claim is dropped
 *              and the recipient is sent normally on restart: nothing left the building);
 *   sending  - marked, in groups of HAND_OFF_GROUP, just before the SMTP hand-off (a crash here:
 *              the server may or may not have taken it, so it becomes 'in-doubt' and is never
 *              sent again: a lost mail is better than a duplicate);
 *   sent / failed - the SMTP answer, recorded after it.
 * One run per newsletter at a time: a session advisory lock (released by PostgreSQL when a killed
 * process's connection drops).
 */
export async function runNewsletterSend(
  db: Db,
  newsletterId: string,
  transport: NewsletterTransport,
  opts: SendOptions,
): Promise<SendOutcome> {
  const sleep = opts.sleep ?? sleepMs;
  const pollMs = opts.pollMs ?? 1000;
  const group = Math.max(1, opts.handOffGroup ?? HAND_OFF_GROUP);
  const lockClient = await db.$client.connect();
  try {
    return await tryRunLock(
      lockClient,
      `hashtext('vaultdesk.newsletter'), hashtext($1)`,
      [newsletterId],
      async (): Promise<SendOutcome> => {
        // What an earlier run left when its process died: hand-offs of unknown outcome become in doubt;
        // claims never handed over are dropped and the cursor goes back so they are sent now.
        await db.$client.query(
          `WITH doubt AS (
           UPDATE newsletter_deliveries SET status = 'in-doubt', error = 'interrupted after the hand-off to SMTP: delivery unknown, not resent to avoid a duplicate'
            WHERE newsletter_id = $1 AND status = 'sending' RETURNING 1),
         unsent AS (
           DELETE FROM newsletter_deliveries WHERE newsletter_id = $1 AND status = 'claimed' RETURNING subscriber_id)
         UPDATE newsletters SET total_in_doubt = total_in_doubt + (SELECT count(*) FROM doubt),
                cursor_subscriber_id = least(cursor_subscriber_id, coalesce((SELECT min(subscriber_id) - 1 FROM unsent), cursor_subscriber_id)),
                updated_at = now()
          WHERE id = $1 AND ((SELECT count(*) FROM doubt) > 0 OR (SELECT count(*) FROM unsent) > 0)`,
          [newsletterId],
        );

        for (;;) {
          if (opts.signal?.aborted) return 'stopped';
          const {
            rows: [config],
          } = await db.$client.query<Config>(
            `SELECT sender_name, sender_email, max_mails_per_batch, wait_minutes_per_batch::text FROM newsletter_config WHERE id = 1`,
          );
          const from = `"${config!.sender_name.replace(/"/g, '')}" <${config!.sender_email}>`;

          // Claim the next batch in one transaction with the status check.
          const client = await db.$client.connect();
          let letter: Letter | undefined;
          let batch: { id: string; email: string }[];
          let picked: number;
          try {
            await client.query('BEGIN');
            ({
              rows: [letter],
            } = await client.query<Letter>(
              `SELECT id, subject, banner_url, preview_message, content, maillist, delivery_status, is_published,
                    (delivery_date IS NULL OR delivery_date <= now()) AS due, cursor_subscriber_id::text
               FROM newsletters WHERE id = $1 FOR UPDATE`,
              [newsletterId],
            ));
            const stop: SendOutcome | null = !letter
              ? 'missing'
              : letter.delivery_status === 'paused'
                ? 'paused'
                : letter.delivery_status === 'terminated'
                  ? 'terminated'
                  : letter.delivery_status !== 'pending'
                    ? 'stopped'
                    : !letter.is_published
                      ? 'not-approved'
                      : !letter.due
                        ? 'scheduled'
                        : null;
            if (stop) {
              await client.query('COMMIT');
              return stop;
            }
            // After a rewind the window can hold recipients already delivered: the primary key skips them.
            const { rows } = await client.query<{ id: string; email: string; claimed: boolean }>(
              `WITH picked AS (
               SELECT id, email FROM newsletter_subscribers
                WHERE list = $2 AND subscribed AND id > $3 ORDER BY id LIMIT $4),
             claimed AS (
               INSERT INTO newsletter_deliveries (newsletter_id, subscriber_id, status) SELECT $1, id, 'claimed' FROM picked
               ON CONFLICT DO NOTHING RETURNING subscriber_id)
             SELECT p.id::text, p.email::text, c.subscriber_id IS NOT NULL AS claimed FROM picked p LEFT JOIN claimed c ON c.subscriber_id = p.id ORDER BY p.id`,
              [newsletterId, letter!.maillist, letter!.cursor_subscriber_id, config!.max_mails_per_batch],
            );
            picked = rows.length;
            batch = rows.filter((r) => r.claimed).map(({ id, email }) => ({ id, email }));
            if (!picked) {
              await client.query(
                `UPDATE newsletters SET delivery_status = 'sent', finished_at = now(), updated_at = now() WHERE id = $1 AND delivery_status = 'pending'`,
                [newsletterId],
              );
              await client.query('COMMIT');
              return 'sent';
            }
            await client.query(
              `UPDATE newsletters SET cursor_subscriber_id = $2, started_at = coalesce(started_at, now()), updated_at = now(),
                    total_recipients = coalesce(total_recipients, (SELECT count(*) FROM newsletter_subscribers WHERE list = $3 AND subscribed))
              WHERE id = $1`,
              [newsletterId, rows[rows.length - 1]!.id, letter!.maillist],
            );
            await client.query('COMMIT');
          } catch (err) {
            await client.query('ROLLBACK');
            throw err;
          } finally {
            client.release();
          }

          const content = {
            subject: letter!.subject,
            bannerUrl: letter!.banner_url,
            previewMessage: letter!.preview_message,
            content: letter!.content,
          };
          let sentInBatch = 0;
          let failedInBatch = 0;
          for (let g = 0; g < batch.length && !opts.signal?.aborted; g += group) {
            const part = batch.slice(g, g + group);
            // Committed before the hand-off: a crash from here on leaves these in doubt, never resent.
            await db.$client.query(
              `UPDATE newsletter_deliveries SET status = 'sending' WHERE newsletter_id = $1 AND subscriber_id = ANY($2::bigint[]) AND status = 'claimed'`,
              [newsletterId, part.map((s) => s.id)],
            );
            const results = await Promise.all(
              part.map(async (s) => {
                const unsubscribeUrl = unsubscribeUrlFor(opts.settings, s.id);
                try {
                  await transport.send({
                    from,
                    to: s.email,
                    ...renderNewsletter(content, unsubscribeUrl),
                    unsubscribeUrl,
                    newsletterId,
                    subscriberId: s.id,
                  });
                } catch (err) {
                  return { id: s.id, error: String(err).slice(0, 300) };
                }
                opts.onDelivered?.(s.email);
                return { id: s.id, error: null };
              }),
            );
            const sent = results.filter((r) => !r.error).map((r) => r.id);
            const failed = results.filter((r) => r.error);
            await db.$client.query(
              `WITH s AS (
               UPDATE newsletter_deliveries SET status = 'sent', sent_at = now() WHERE newsletter_id = $1 AND subscriber_id = ANY($2::bigint[]) AND status = 'sending' RETURNING 1),
             f AS (
               UPDATE newsletter_deliveries d SET status = 'failed', error = x.error
                 FROM unnest($3::bigint[], $4::text[]) AS x(id, error)
                WHERE d.newsletter_id = $1 AND d.subscriber_id = x.id AND d.status = 'sending' RETURNING 1)
             UPDATE newsletters SET total_sent = total_sent + (SELECT count(*) FROM s), total_failed = total_failed + (SELECT count(*) FROM f), updated_at = now()
              WHERE id = $1`,
              [newsletterId, sent, failed.map((f) => f.id), failed.map((f) => f.error)],
            );
            sentInBatch += sent.length;
            failedInBatch += failed.length;
          }
          await opts.onBatch?.({ sent: sentInBatch, failed: failedInBatch, size: batch.length });

          const waitMs = Math.round(Number(config!.wait_minutes_per_batch) * 60_000);
          if (waitMs > 0 && picked === config!.max_mails_per_batch) {
            // Whole polls counted, not the clock: the wait is exactly the configured one.
            for (let left = waitMs; left > 0;) {
              const step = Math.min(pollMs, left);
              await sleep(step);
              left -= step;
              if (opts.signal?.aborted) break;
              const {
                rows: [now],
              } = await db.$client.query<{ delivery_status: string }>(
                `SELECT delivery_status FROM newsletters WHERE id = $1`,
                [newsletterId],
              );
              if (now?.delivery_status !== 'pending') break;
            }
          }
        }
      },
    );
  } finally {
    lockClient.release();
  }
}

/** Newsletters that should be sending now: approved, pending, due. The scheduler bot starts them. */
export async function dueNewsletters(db: Db): Promise<string[]> {
  const { rows } = await db.$client.query<{ id: string }>(
    `SELECT id FROM newsletters WHERE is_published AND delivery_status = 'pending' AND (delivery_date IS NULL OR delivery_date <= now()) ORDER BY created_at LIMIT 100`,
  );
  return rows.map((r) => r.id);
}
