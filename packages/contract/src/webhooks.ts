import { z } from 'zod';
import { pagedRecords, pageNumber, wordedPageField, wordedPageSizeOf } from './paging';
import { defineStateMachine } from './state-machine';

/**
 * Webhook deliveries as staff see them (the Integrations screen's deliveries page) and the events
 * feed a service client reads (GET /product/v1/events). Docs: docs/decisions/integrations.md,
 * "Webhook delivery".
 */

/** pending: not yet sent, or failed and retrying; delivered: a 2xx; failed: final until replayed. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY = defineStateMachine<WebhookDeliveryStatus>({
  name: 'Webhook delivery',
  states: {
    pending: { label: 'Pending', color: 'blue' },
    delivered: { label: 'Delivered', color: 'green' },
    failed: { label: 'Failed', color: 'red' },
  },
  transitions: [],
});

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
export const WEBHOOK_DELIVERIES_MAX_PAGE = 500;

export const webhookClientParams = z.object({ clientId: z.uuid({ message: 'Not a valid client id' }) });
export const webhookDeliveryParams = webhookClientParams.extend({
  deliveryId: z.string().regex(/^\d{1,18}$/, 'Not a valid delivery id'),
});

export const webhookDeliveriesQuery = z.object({
  page: pageNumber(
    WEBHOOK_DELIVERIES_MAX_PAGE,
    wordedPageField('page', `page must be at most ${WEBHOOK_DELIVERIES_MAX_PAGE}`),
  ),
  pageSize: wordedPageSizeOf(WEBHOOK_DELIVERIES_PAGE_SIZE),
  status: z
    .enum(['all', ...WEBHOOK_DELIVERY_STATUSES], { error: 'status must be all, pending, delivered or failed' })
    .default('all'),
});
export type WebhookDeliveriesQuery = z.input<typeof webhookDeliveriesQuery>;

/** One delivery of one event to the client's endpoint. Times are ISO 8601 in UTC. */
export const webhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  /** The customer the event is about (null for an event about none), and their e-mail. */
  customerId: z.string().nullable(),
  customerEmail: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** When the next attempt is due (pending only). */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveriesPage = pagedRecords(webhookDelivery).extend({
  client: z.object({
    id: z.string(),
    name: z.string(),
    status: z.string(),
    webhookUrl: z.string().nullable(),
  }),
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPage>;

export const webhookReplayResult = z.object({ replayed: z.number().int() });
export type WebhookReplayResult = z.infer<typeof webhookReplayResult>;

/** GET /product/v1/events: events after the outbox id `after`, oldest first. */
export const PRODUCT_EVENTS_MAX_LIMIT = 500;
export const productEventsQuery = z.object({
  /** Written out (an empty or signed value is refused, not read as 0): the last nextCursor, or 0. */
  after: z
    .string({ error: 'after must be a whole number (the nextCursor of the last read, or 0)' })
    .max(15, 'after is too long: at most 15 characters')
    .regex(/^\d{1,15}$/, 'after must be a whole number of at most 15 digits (the nextCursor of the last read, or 0)')
    .transform(Number)
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PRODUCT_EVENTS_MAX_LIMIT, `limit must be at most ${PRODUCT_EVENTS_MAX_LIMIT}`)
    .default(100),
});

/** An event as a webhook carries it (the JSON body) and as the events feed lists it. */
export const productEvent = z.object({
  id: z.string(),
  type: z.string(),
  occurredAt: z.string(),
  customerId: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type ProductEvent = z.infer<typeof productEvent>;

export const productEventsPage = z.object({
  events: z.array(productEvent.extend({ cursor: z.number().int() })),
  /** The `after` of the next read: the last event's cursor (or the one given when none came). */
  nextCursor: z.number().int(),
});
export type ProductEventsPage = z.infer<typeof productEventsPage>;
