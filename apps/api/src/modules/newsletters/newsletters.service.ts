import type { Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { JobQueue } from '../../http/app-types';
import type { RequestContext } from '../../http/context';
import { approveNewsletter } from './approve-newsletter';
import {
  removeNewsletter,
  setNewsletterStatus,
  submitNewsletter,
  terminateNewsletter,
} from './change-newsletter-status';
import {
  DEMO_NEWSLETTER_ACCESS_CODE,
  DEMO_NEWSLETTER_SENDER_PIN,
  getNewsletterConfig,
  updateNewsletterConfig,
} from './newsletter-config';
import { getNewsletter, listNewsletters, newsletterMaillists, newsletterSubscribers } from './read-newsletters';
import { saveDraft, type Draft } from './save-draft';
import { sendTestNewsletter } from './send-test-newsletter';
import { unsubscribe } from './unsubscribe';

export { DEMO_NEWSLETTER_ACCESS_CODE, DEMO_NEWSLETTER_SENDER_PIN };

/**
 * The newsletters module's public face. Each operation lives in its own file (save-draft,
 * send-test-newsletter, approve-newsletter, change-newsletter-status, newsletter-config,
 * unsubscribe; the reads in read-newsletters) and takes its dependencies explicitly.
 */
export function createNewslettersService(db: Db, config: Config, jobs: JobQueue | null) {
  return {
    list: (page: number, pageSize: number) => listNewsletters(db, page, pageSize),
    get: (id: string) => getNewsletter(db, id),
    maillists: () => newsletterMaillists(db),
    subscribers: () => newsletterSubscribers(db),
    saveDraft: (draft: Draft, ctx: RequestContext) => saveDraft(db, draft, ctx),
    sendTest: (id: string, accessCode: string, ctx: RequestContext) =>
      sendTestNewsletter(db, config, id, accessCode, ctx),
    submit: (id: string, accessCode: string, permissions: readonly string[], ctx: RequestContext) =>
      submitNewsletter(db, id, accessCode, permissions, ctx),
    approve: (id: string, senderPin: string, ctx: RequestContext) => approveNewsletter(db, jobs, id, senderPin, ctx),
    setStatus: (
      id: string,
      status: 'paused' | 'pending',
      accessCode: string,
      permissions: readonly string[],
      ctx: RequestContext,
    ) => setNewsletterStatus(db, jobs, id, status, accessCode, permissions, ctx),
    terminate: (id: string, accessCode: string, permissions: readonly string[], ctx: RequestContext) =>
      terminateNewsletter(db, id, accessCode, permissions, ctx),
    remove: (id: string, accessCode: string, permissions: readonly string[], ctx: RequestContext) =>
      removeNewsletter(db, id, accessCode, permissions, ctx),
    getConfig: () => getNewsletterConfig(db),
    updateConfig: (body: Parameters<typeof updateNewsletterConfig>[2], ctx: RequestContext) =>
      updateNewsletterConfig(db, config, body, ctx),
    unsubscribe: (token: string) => unsubscribe(db, config, token),
  };
}
