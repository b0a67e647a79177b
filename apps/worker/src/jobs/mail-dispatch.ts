import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '@vaultdesk/db';

export type MailSettings = { smtpUrl?: string; from: string; outboxDir: string };

type Row = { id: string; to: string; subject: string; text: string; html: string | null; attempts: number };

const MAX_ATTEMPTS = 5;

/**
 * With SMTP_URL the mail goes out through that server; without it each message is written as
 * an .eml file in the outbox folder, where the operator (or a test) reads it.
 */
export function createMailer(settings: MailSettings) {
  const transport: Transporter = settings.smtpUrl
    ? nodemailer.createTransport(settings.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (row: Row) => {
    const info = await transport.sendMail({
      from: settings.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
    });
    if (!settings.smtpUrl) {
      mkdirSync(settings.outboxDir, { recursive: true });
      const file = path.join(settings.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${row.id}.eml`);
      writeFileSync(file, (info as unknown as { message: Buffer }).message);
      return file;
    }
    return info.messageId as string;
  };
}

/**
 * Delivers queued mail. Rows are claimed with SKIP LOCKED so two workers never send the same
 * message; a failure is retried up to five times, then the row is marked failed.
 */
export async function dispatchMail(db: Db, send: ReturnType<typeof createMailer>, batch = 20) {
  let delivered = 0;
  for (;;) {
    const client = await db.$client.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<Row>(
        `SELECT id, "to", subject, text, html, attempts FROM mail_outbox
          WHERE status = 'queued' ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [batch],
      );
      for (const row of rows) {
        try {
          await send(row);
          await client.query(
            `UPDATE mail_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = $1`,
            [row.id],
          );
          delivered++;
        } catch (err) {
          const failed = row.attempts + 1 >= MAX_ATTEMPTS;
          await client.query(
            `UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2, status = $3 WHERE id = $1`,
            [row.id, String(err).slice(0, 500), failed ? 'failed' : 'queued'],
          );
        }
      }
      await client.query('COMMIT');
      if (rows.length < batch) return delivered;
    } catch (err) {
      await client.query('ROLLBACK');
      throw err;
    } finally {
      client.release();
    }
  }
}
