import { z } from 'zod';
import { PRODUCT_SCOPES, WEBHOOK_EVENT_TYPES, type ProductScope } from './integrations';
import { pagedRecords, pageQuery } from './paging';
import { readableText } from './text';

/**
 * The Integrations screen's calls (/v1/advanced/integrations, docs/decisions/integrations.md
 * "Service clients"): the product API's service clients, their secrets shown once, rotated and
 * revoked. No answer but the create, the rotate and the one-time reveal ever carries a secret.
 */

export const SERVICE_CLIENT_PAGE_SIZE = 20;
export const SERVICE_CLIENT_STATUSES = ['active', 'revoked'] as const;
export type ServiceClientStatus = (typeof SERVICE_CLIENT_STATUSES)[number];
/** A webhook address longer than this is refused (400). */
export const WEBHOOK_URL_MAX = 2000;
export const ROTATE_GRACE_HOURS_MAX = 168;
export const ROTATE_GRACE_HOURS_DEFAULT = 24;
export const RATE_LIMIT_PER_MINUTE_MAX = 100_000;

const scopeKeys = Object.keys(PRODUCT_SCOPES) as [ProductScope, ...ProductScope[]];
const scopeList = z
  .array(z.enum(scopeKeys, { error: `Each scope must be one of ${scopeKeys.join(', ')}` }), {
    error: 'scopes must be a list',
  })
  .min(1, 'Give the client at least one scope')
  .max(scopeKeys.length, 'scopes has too many entries')
  .transform((v) => [...new Set(v)]);
const eventTypeList = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Each event type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }), {
    error: 'eventTypes must be a list',
  })
  .max(WEBHOOK_EVENT_TYPES.length, 'eventTypes has too many entries')
  .transform((v) => [...new Set(v)]);
/** The address's shape and length only; the server's webhook rule (https, or http on the local network) says the rest. */
const webhookUrl = z
  .string({ error: 'webhookUrl must be text' })
  .trim()
  .max(WEBHOOK_URL_MAX, `webhookUrl is too long: at most ${WEBHOOK_URL_MAX} characters`)
  .nullable();
const rateLimit = z
  .number({ error: 'rateLimitPerMinute must be a whole number' })
  .int('rateLimitPerMinute must be a whole number')
  .min(1, 'rateLimitPerMinute must be at least 1')
  .max(RATE_LIMIT_PER_MINUTE_MAX, `rateLimitPerMinute must be at most ${RATE_LIMIT_PER_MINUTE_MAX}`);

export const serviceClientName = readableText('Name', { min: 1, max: 100 });

export const createServiceClientBody = z.strictObject({
  name: serviceClientName,
  scopes: scopeList,
  webhookUrl: webhookUrl.optional(),
  eventTypes: eventTypeList.default([]),
  rateLimitPerMinute: rateLimit.default(600),
});
export type CreateServiceClientBody = z.input<typeof createServiceClientBody>;

export const updateServiceClientBody = z
  .strictObject({
    name: serviceClientName.optional(),
    scopes: scopeList.optional(),
    webhookUrl: webhookUrl.optional(),
    eventTypes: eventTypeList.optional(),
    rateLimitPerMinute: rateLimit.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Give at least one field to change');
export type UpdateServiceClientBody = z.input<typeof updateServiceClientBody>;

export const rotateServiceClientBody = z.strictObject({
  graceHours: z
    .number({ error: 'graceHours must be a whole number' })
    .int('graceHours must be a whole number')
    .min(0, 'graceHours must be at least 0')
    .max(ROTATE_GRACE_HOURS_MAX, `graceHours must be at most ${ROTATE_GRACE_HOURS_MAX}`)
    .default(ROTATE_GRACE_HOURS_DEFAULT),
});
export type RotateServiceClientBody = z.input<typeof rotateServiceClientBody>;

export const serviceClientParams = z.object({ clientId: z.uuid({ message: 'Not a valid client id' }) });
export const serviceClientsQuery = pageQuery(SERVICE_CLIENT_PAGE_SIZE, { maxPage: 10_000 });
export type ServiceClientsQuery = z.input<typeof serviceClientsQuery>;

/** What staff see of a client: never a secret. */
export const serviceClientRecord = z.object({
  _id: z.string(),
  name: z.string(),
  keyId: z.string(),
  scopes: z.array(z.string()),
  webhookUrl: z.string().nullable(),
  eventTypes: z.array(z.string()),
  rateLimitPerMinute: z.number().int(),
  status: z.enum(SERVICE_CLIENT_STATUSES),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  rotatedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** Until when the secret replaced by the last rotation is still accepted (null: none is). */
  previousSecretValidUntil: z.string().nullable(),
  /** A secret an approved create or rotate made for the caller, waiting to be revealed once. */
  secretToReveal: z.boolean(),
});
export type ServiceClientRecord = z.infer<typeof serviceClientRecord>;

export const serviceClientsPage = pagedRecords(serviceClientRecord);
export type ServiceClientsPage = z.infer<typeof serviceClientsPage>;

/** The create's, the rotate's and the reveal's answer: the secret, this once. */
export const serviceClientSecret = z.object({
  client: serviceClientRecord,
  secret: z.string(),
});
export type ServiceClientSecret = z.infer<typeof serviceClientSecret>;
