import { z } from 'zod';
import type { Permission } from './permissions';
import { textMessages } from './text';

/**
 * Live screens (issue 24): a screen that lists work several staff share subscribes to its topic
 * on one server-sent event stream (`GET /v1/admin/live`); when a change to what it lists commits
 * anywhere (any API instance, the worker, SQL by hand), the stream says "topic X changed" and
 * the page refetches through its normal calls. No data travels on the stream.
 *
 * Each topic carries the permission of the screen that shows it: a stream may only subscribe to
 * topics its session may read. A new topic is one line here (docs/decisions/live-screens.md).
 */
export const LIVE_TOPICS = {
  'deposit-queue': { permission: 'queues.read', label: 'Deposit Queue' },
  'withdraw-queue': { permission: 'queues.read', label: 'Withdraw Queue' },
  'withdrawal-out': { permission: 'queues.read', label: 'Withdrawal Out' },
  'users-kyc': { permission: 'kyc.read', label: 'Users KYC' },
  // Every signed-in member of staff sees the requests they may decide or asked for (the list filters).
  approvals: { permission: 'self.account', label: 'Approvals' },
} as const satisfies Record<string, { permission: Permission; label: string }>;

export type LiveTopic = keyof typeof LIVE_TOPICS;
export const LIVE_TOPIC_NAMES = Object.keys(LIVE_TOPICS) as LiveTopic[];
export const isLiveTopic = (t: string): t is LiveTopic => Object.hasOwn(LIVE_TOPICS, t);

/** The PostgreSQL channel every live change is notified on; the payload is the topic's name. */
export const LIVE_CHANNEL = 'vaultdesk_live';

/** SSE event names on the stream. `change`: data `{ topic }`; `resync`: anything may have changed (refetch all). */
export const LIVE_EVENTS = { change: 'change', resync: 'resync', ready: 'ready' } as const;

/** A comment line this often keeps proxies and the browser from dropping an idle stream. */
export const LIVE_HEARTBEAT_MS = 20_000;
/** How long a stream ticket may wait before it is used to open the stream. */
export const LIVE_TICKET_TTL_MS = 30_000;

const TOPICS_PATTERN = /^[a-z][a-z-]{0,39}(?:,[a-z][a-z-]{0,39}){0,9}$/;

/** `topics=deposit-queue,withdraw-queue`: one to ten known topics, comma-separated. */
export const liveTopicsField = z
  .string({
    error: (iss) =>
      iss.input === undefined || iss.input === null ? textMessages.required('topics') : textMessages.notText('topics'),
  })
  .min(1, textMessages.required('topics'))
  .max(410, textMessages.tooLong('topics', 410))
  .regex(TOPICS_PATTERN, 'topics must be topic names separated by commas')
  .superRefine((value, ctx) => {
    const unknown = value.split(',').filter((t) => !isLiveTopic(t));
    if (unknown.length)
      ctx.addIssue({
        code: 'custom',
        message: `Unknown topic: ${unknown.join(', ')} (known: ${LIVE_TOPIC_NAMES.join(', ')})`,
      });
  });

export const liveTicketQuery = z.object({ topics: liveTopicsField });

/** The ticket: `v1.<session id hex>.<expiry base36>.<HMAC base64url>`, signed by the server. */
export const LIVE_TICKET_PATTERN = /^v1\.[0-9a-f]{32}\.[0-9a-z]{1,12}\.[A-Za-z0-9_-]{43}$/;

export const liveStreamQuery = z.object({
  topics: liveTopicsField,
  ticket: z
    .string({ error: textMessages.notText('ticket') })
    .max(100, textMessages.tooLong('ticket', 100))
    .regex(LIVE_TICKET_PATTERN, 'ticket is not a stream ticket')
    .optional(),
});

export const liveTicket = z.object({
  ticket: z.string(),
  /** Epoch ms after which the ticket no longer opens a stream. */
  expiresIn: z.number(),
  topics: z.array(z.string()),
});
export type LiveTicket = z.infer<typeof liveTicket>;

/** The topics of a `topics` value, each once, in the order given. */
export const parseLiveTopics = (value: string): LiveTopic[] => [...new Set(value.split(',').filter(isLiveTopic))];
