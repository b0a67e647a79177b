import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a receiver of Vaultdesk's webhooks runs (the README's example is this function):
 * `Vaultdesk-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>]`, each v1 an HMAC-SHA256 of
 * `${t}.${rawBody}` with the client's secret. The delivery is genuine when any v1 matches and t
 * is within `toleranceSeconds` of now (a replayed old delivery is refused).
 */
export function verifyWebhookSignature(
  header: string | undefined,
  rawBody: string,
  secret: string,
  { nowSeconds = Math.floor(Date.now() / 1000), toleranceSeconds = 300 } = {},
): boolean {
  if (!header) return false;
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = parts.find(([k]) => k === 't')?.[1];
  if (!t || !/^\d+$/.test(t) || Math.abs(nowSeconds - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return parts
    .filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/i.test(v))
    .some(([, v]) => timingSafeEqual(expected, Buffer.from(v!, 'hex')));
}
