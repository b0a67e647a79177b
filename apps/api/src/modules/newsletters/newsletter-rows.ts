import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@vaultdesk/db';
import { NEWSLETTER_SEND_JOB } from '@vaultdesk/worker';
import type { JobQueue } from '../../http/app-types';
import { AppError, conflict, forbidden } from '../../http/errors';
import { verifyPassword } from '../../credentials/credentials';
import { toIso } from '../../timestamps/iso';

/** What the newsletter operations share: the row and its view, the system config, the secrets check, the send nudge. */

/** Timestamps from raw SQL come back as text or Date depending on the driver path. */

export type Row = {
  id: string;
  subject: string;
  banner_url: string;
  preview_message: string;
  maillist: string;
  delivery_type: string;
  delivery_status: string;
  delivery_date: Date | string | null;
  instant_processing: boolean;
  creator_id: string | null;
  creator_email: string;
  approved_by_email: string | null;
  content: string;
  is_published: boolean;
  total_sent: number;
  total_failed: number;
  total_in_doubt: number;
  total_recipients: number | null;
  created_at: Date | string;
  updated_at: Date | string;
};
export const out = (r: Row) => ({
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
export const notFound = () => new AppError('NOT_FOUND', 'Newsletter not found');

export type ConfigRow = {
  sender_name: string;
  sender_email: string;
  max_mails_per_batch: number;
  wait_minutes_per_batch: string;
  access_code_hash: string | null;
  sender_pin_hash: string | null;
  updated_at: Date | string;
};

export const readConfig = async (q: Db | Tx) =>
  (
    await q.execute<ConfigRow>(
      sql`SELECT sender_name, sender_email::text, max_mails_per_batch, wait_minutes_per_batch::text, access_code_hash, sender_pin_hash, updated_at FROM newsletter_config WHERE id = 1`,
    )
  ).rows[0]!;

/** Checks the access code (or sender pin) against its argon2id hash in the system config. */
export async function checkSecret(db: Db, kind: 'access_code' | 'sender_pin', given: string) {
  const c = await readConfig(db);
  const hash = kind === 'access_code' ? c.access_code_hash : c.sender_pin_hash;
  const label = kind === 'access_code' ? 'access code' : 'sender pin';
  if (!hash) throw conflict(`No newsletter ${label} is set: set it in the newsletter system config first`);
  if (!(await verifyPassword(hash, given))) throw forbidden(`Wrong ${label}`);
}

export const nudge = async (jobs: JobQueue | null, id: string) => {
  // The scheduler bot also starts due sends every minute: a lost nudge only delays.
  try {
    await jobs?.send(NEWSLETTER_SEND_JOB, { id });
  } catch {
    /* the scheduler sweep picks it up */
  }
};
