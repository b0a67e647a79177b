import { schema, type Tx } from '@vaultdesk/db';
import { MAIL_DISPATCH_JOB } from '@vaultdesk/worker';
import type { JobQueue } from '../../http/app-types';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };

/**
 * Transactional outbox: the mail row commits with the change that caused it, and the worker
 * delivers it (SMTP, or the local outbox folder when no SMTP_URL is set).
 */
export async function queueMail(tx: Tx, mail: OutgoingMail) {
  const [row] = await tx.insert(schema.mailOutbox).values(mail).returning({ id: schema.mailOutbox.id });
  return row!.id;
}

/**
 * Nudges the worker after commit; a scheduled sweep delivers anything a lost nudge missed. So a
 * failed nudge is logged, never thrown: the change has committed, and failing the request would
 * hide its result (the admin setup's one-time temporary password) from the caller.
 */
export async function nudgeMailWorker(jobs: JobQueue | null, log: { warn: (obj: object, msg: string) => void }) {
  try {
    await jobs?.send(MAIL_DISPATCH_JOB, {});
  } catch (err) {
    log.warn({ err }, 'could not nudge the mail worker; the scheduled sweep will deliver the mail');
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function adminInviteMail(opts: {
  to: string;
  fullName: string;
  roleTitle: string;
  link: string;
  expiresAt: Date;
  invitedBy: string;
}): OutgoingMail {
  const text = [
    `Hello ${opts.fullName},`,
    '',
    `${opts.invitedBy} has set up a Vaultdesk admin account for you with the role ${opts.roleTitle}.`,
    'Confirm the setup by opening this link:',
    opts.link,
    '',
    `The link works once and expires at ${opts.expiresAt.toISOString()}.`,
    'Your temporary password reaches you from the admin who set up your account, by another channel than e-mail.',
    'After confirming, sign in, enable two-factor authentication, and choose your own password.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(opts.fullName)},</p>
<p>${escapeHtml(opts.invitedBy)} has set up a Vaultdesk admin account for you with the role <b>${escapeHtml(opts.roleTitle)}</b>.</p>
<p><a href="${escapeHtml(opts.link)}">Confirm the setup</a></p>
<p>The link works once and expires at ${escapeHtml(opts.expiresAt.toISOString())}.
Your temporary password reaches you from the admin who set up your account, by another channel than e-mail.</p>`;
  return { to: opts.to, subject: 'Confirm your Vaultdesk admin account', text, html };
}
