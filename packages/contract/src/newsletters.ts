import { z } from 'zod';
import { boundedText, emailAddress, readable, readableText, TEXT_LIMITS, textMessages } from './text';
import { numberInput } from './numbers';
import { defineStateMachine, targetsFrom } from './state-machine';
import { pagedRecords, pageQuery } from './paging';

export type NewsletterStatus = 'saved' | 'pending' | 'paused' | 'sent' | 'terminated' | 'deleted';

/**
 * Newsletter delivery status. Pause and resume (and the sender's move to sent) also need the
 * newsletter to be published (approved); `newsletterActions` adds that condition for the page,
 * the API checks it in the same transaction as the move.
 */
export const NEWSLETTER_MACHINE = defineStateMachine<NewsletterStatus>({
  name: 'Newsletter',
  states: {
    saved: { label: 'saved', color: 'default' },
    pending: { label: 'pending', color: 'orange' },
    paused: { label: 'paused', color: 'gold' },
    sent: { label: 'sent', color: 'green' },
    terminated: { label: 'terminated', color: 'red' },
    deleted: { label: 'deleted', color: 'gray' },
  },
  transitions: [
    // Submitted for approval.
    { from: ['saved'], to: 'pending', permission: 'newsletters.manage' },
    // Resume: paused -> pending; the sender moves pending -> sent when the list is done.
    { from: ['paused'], to: 'pending', permission: 'newsletters.manage' },
    { from: ['pending'], to: 'paused', permission: 'newsletters.manage' },
    { from: ['pending'], to: 'sent', permission: 'newsletters.manage' },
    { from: ['pending', 'paused'], to: 'terminated', permission: 'newsletters.manage' },
    { from: ['terminated', 'paused', 'sent'], to: 'deleted', permission: 'newsletters.manage' },
  ],
});

export type NewsletterAction = 'edit' | 'test' | 'submit' | 'approve' | 'pause' | 'resume' | 'terminate' | 'delete';

/** The actions the list offers for one newsletter, as the specification's status table says. */
export function newsletterActions(
  n: { deliveryStatus: string; isPublished: boolean },
  permissions: readonly string[],
): NewsletterAction[] {
  const s = n.deliveryStatus as NewsletterStatus;
  const targets = targetsFrom(NEWSLETTER_MACHINE, s, permissions);
  const out: NewsletterAction[] = [];
  if (s === 'saved' && permissions.includes('newsletters.manage')) out.push('edit', 'test');
  if (targets.includes('pending') && s === 'saved') out.push('submit');
  if (s === 'pending' && !n.isPublished && permissions.includes('newsletters.approve')) out.push('approve');
  if (n.isPublished && s === 'pending' && targets.includes('paused')) out.push('pause');
  if (n.isPublished && s === 'paused' && targets.includes('pending')) out.push('resume');
  if (targets.includes('terminated')) out.push('terminate');
  if (targets.includes('deleted')) out.push('delete');
  return out;
}

export const NEWSLETTER_PAGE_SIZE = 10;
export const NEWSLETTER_MAILLISTS = [
  { name: 'subscribers', label: 'All subscribers' },
  { name: 'test', label: 'Test mail list' },
] as const;
export const DELIVERY_TYPES = ['instant', 'scheduled'] as const;

const accessCode = boundedText('Access code', { max: TEXT_LIMITS.secret, trim: false });
export const accessCodeBody = z.object({ access_code: accessCode });
export const accessCodeQuery = z.object({ access_code: accessCode });
export const senderPinBody = z.object({
  sender_pin: boundedText('Sender pin', { max: TEXT_LIMITS.secret, trim: false }),
});
export const newsletterStatusBody = z.object({
  access_code: accessCode,
  status: z.enum(['paused', 'pending'], { message: 'Status is paused or pending' }),
});
export const submitNewsletterBody = z.object({ id: z.uuid({ message: 'Not a valid id' }), access_code: accessCode });

/** POST v1/newsletters/draft: creates a saved draft, or updates one (with id) while it is saved. */
export const newsletterDraftBody = z
  .object({
    id: z.uuid({ message: 'Not a valid id' }).optional(),
    // It becomes the Subject header of every mail: one line.
    subject: readableText('Subject', { max: TEXT_LIMITS.title }),
    bannerUrl: z
      .string()
      .trim()
      .max(TEXT_LIMITS.url, textMessages.tooLong('Banner', TEXT_LIMITS.url))
      .refine((s) => s === '' || /^https?:\/\/\S+$/.test(s), 'Banner must be an http(s) address')
      .default(''),
    previewMessage: readable(
      z.string().trim().max(TEXT_LIMITS.description, textMessages.tooLong('Preview', TEXT_LIMITS.description)),
      'Preview',
    ).default(''),
    maillist: z.enum(['subscribers', 'test'], { message: 'Choose a mail list' }),
    content: readableText('Content', { max: TEXT_LIMITS.newsletterBody, trim: false, lines: 'several' }),
    deliveryType: z.enum(DELIVERY_TYPES, { message: 'Delivery type is instant or scheduled' }).default('instant'),
    deliveryDate: z
      .string()
      .max(TEXT_LIMITS.dateTime, textMessages.tooLong('Delivery date', TEXT_LIMITS.dateTime))
      .datetime({ offset: true, message: 'Delivery date is not a date-time' })
      .nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.deliveryType === 'scheduled') {
      if (!b.deliveryDate)
        ctx.addIssue({ code: 'custom', path: ['deliveryDate'], message: 'Choose the delivery date' });
      else if (new Date(b.deliveryDate).getTime() <= Date.now())
        ctx.addIssue({ code: 'custom', path: ['deliveryDate'], message: 'Delivery date must be in the future' });
    }
  });
export type NewsletterDraftBody = z.input<typeof newsletterDraftBody>;

export const newsletter = z.object({
  id: z.string(),
  _id: z.string(),
  subject: z.string(),
  bannerUrl: z.string(),
  previewMessage: z.string(),
  maillist: z.string(),
  deliveryType: z.string(),
  deliveryStatus: z.string(),
  deliveryDate: z.string().nullable(),
  instantProcessing: z.boolean(),
  creatorEmail: z.string(),
  approvedBy: z.string().nullable(),
  content: z.string(),
  isPublished: z.boolean(),
  totalSent: z.number().int(),
  totalFailed: z.number().int(),
  /** Handed to SMTP when the sender's process died, before the answer was recorded: maybe delivered, never resent. */
  totalInDoubt: z.number().int(),
  totalRecipients: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Newsletter = z.infer<typeof newsletter>;
export const newslettersQuery = pageQuery(NEWSLETTER_PAGE_SIZE);
export const newslettersPage = pagedRecords(newsletter);
export type NewslettersPage = z.infer<typeof newslettersPage>;
export const newsletterIdParams = z.object({ id: z.uuid({ message: 'Not a valid id' }) });

export const maillists = z.object({
  maillist: z.array(z.object({ name: z.string(), label: z.string(), count: z.number().int() })),
});
export const subscriberCounts = z.object({ totalSubscribers: z.number().int(), totalUnSubscribers: z.number().int() });
export const testSendResult = z.object({ sent: z.number().int(), recipients: z.array(z.string()) });

export const newsletterConfig = z.object({
  senderName: z.string(),
  senderEmail: z.string(),
  maxMailsPerBatch: z.number().int(),
  waitMinutesPerBatch: z.number(),
  accessCodeSet: z.boolean(),
  senderPinSet: z.boolean(),
  updatedAt: z.string(),
});
export type NewsletterConfig = z.infer<typeof newsletterConfig>;
export const newsletterConfigBody = z.object({
  // It goes into the From header of every mail: one line.
  senderName: readableText('Sender name', { max: TEXT_LIMITS.name }),
  senderEmail: emailAddress('Sender email'),
  maxMailsPerBatch: numberInput('Max mails per batch must be a number').pipe(
    z
      .number()
      .int('Max mails per batch must be a whole number')
      .min(1, 'At least 1 mail per batch')
      .max(100000, 'At most 100000 mails per batch'),
  ),
  waitMinutesPerBatch: numberInput('Wait time must be a number').pipe(
    z.number().min(0, 'Wait time cannot be negative').max(1440, 'Wait time is at most 1440 minutes'),
  ),
  /** Given only to change it; at least 8 characters. */
  accessCode: boundedText('Access code', { min: 8, max: TEXT_LIMITS.secret, trim: false }).optional(),
  senderPin: boundedText('Sender pin', { min: 6, max: TEXT_LIMITS.secret, trim: false }).optional(),
});
export type NewsletterConfigBody = z.input<typeof newsletterConfigBody>;
export const unsubscribeQuery = z.object({
  token: z.string().regex(/^\d{1,18}\.[A-Za-z0-9_-]{20,64}$/, 'Not a valid unsubscribe link'),
});

/**
 * The formatting a newsletter keeps, on the page (web) and in the mail (worker): these tags only,
 * no attribute but `href`/`src` matching `NEWSLETTER_SAFE_URL` and `alt`.
 */
export const NEWSLETTER_KEPT_TAGS: ReadonlySet<string> = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'span',
  'div',
  'hr',
  'img',
]);
/** The links and sources a newsletter keeps: http(s) and mailto only. */
export const NEWSLETTER_SAFE_URL = /^(https?:|mailto:)/i;
