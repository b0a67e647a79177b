/**
 * The product API (`/product/v1`) and its webhooks: what a service client may do, the events it
 * receives, and the exact text each side signs (docs/decisions/integrations.md). The HMAC itself
 * is HMAC-SHA256 with the client's secret, hex, computed with node:crypto on each side.
 */

/** What a service client may be granted. Each product route needs one. */
export const PRODUCT_SCOPES = {
  'customers.read': "Read a customer's profile, wallets, balances, plans and the state of each request",
  'customers.write': 'Register and update customers, open their wallets',
  'kyc.write': 'Submit identity checks with their pictures',
  'plans.write': 'Open savings plans and ask deposits into them',
  'withdrawals.write': 'Ask withdrawals',
  'funding.write': 'File funding requests',
  'events.read': 'Read its events after a cursor (what its webhooks carried)',
} as const;
export type ProductScope = keyof typeof PRODUCT_SCOPES;
export const ALL_PRODUCT_SCOPES = Object.keys(PRODUCT_SCOPES) as ProductScope[];

/** Every decision the outbox carries to the product's backend. */
export const WEBHOOK_EVENT_TYPES = [
  'kyc.approved',
  'kyc.rejected',
  'kyc.escalated',
  'withdrawal.processed',
  'withdrawal.cancelled',
  'withdrawal.refunded',
  'deposit.credited',
  'plan.funded',
  'plan.matured',
  'funds.remitted',
  'account.locked',
  'account.unlocked',
  'device.blacklisted',
  'trust_score.changed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The request headers of a signed product call. */
export const PRODUCT_HEADERS = {
  key: 'x-vaultdesk-key',
  timestamp: 'x-vaultdesk-timestamp',
  signature: 'x-vaultdesk-signature',
  idempotencyKey: 'idempotency-key',
} as const;

/** A signed request outside this many seconds of the server's clock is refused. */
export const PRODUCT_SIGNATURE_WINDOW_SECONDS = 300;

/**
 * What a product call signs: the unix timestamp (seconds), the method in capitals, the path with
 * its query string exactly as sent, and the raw body ('' when none), joined by newlines.
 * Header: `X-Vaultdesk-Signature: v1=<hex HMAC-SHA256>`.
 */
export const productSigningText = (timestamp: string | number, method: string, pathWithQuery: string, body: string) =>
  `${timestamp}\n${method.toUpperCase()}\n${pathWithQuery}\n${body}`;

/** The webhook headers a receiver reads. */
export const WEBHOOK_HEADERS = {
  eventId: 'vaultdesk-event-id',
  eventType: 'vaultdesk-event-type',
  signature: 'vaultdesk-signature',
} as const;

/**
 * What a webhook delivery signs: `${t}.${rawBody}`. Header:
 * `Vaultdesk-Signature: t=<unix seconds>,v1=<hex>` with one more `v1=` while a rotated-out
 * secret is still in its grace period (a receiver accepts the delivery when any v1 matches).
 */
export const webhookSigningText = (timestamp: string | number, body: string) => `${timestamp}.${body}`;
