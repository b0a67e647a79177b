import { createHmac, randomUUID } from 'node:crypto';
import { PRODUCT_HEADERS, productSigningText } from '@vaultdesk/contract';

export type ProductCredentials = { baseUrl: string; keyId: string; secret: string };
export type ProductAnswer<T = unknown> = { status: number; body: T; headers: Headers; ms: number };

/**
 * The customer app backend's side of the product API: every call signed (HMAC-SHA256 over
 * timestamp, method, path with query and the raw body), every write with an Idempotency-Key
 * (a fresh one unless the caller passes its own, e.g. to retry the same request).
 */
export function createProductClient({ baseUrl, keyId, secret }: ProductCredentials) {
  const origin = baseUrl.replace(/\/+$/, '');
  async function call<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: unknown,
    opts: { idempotencyKey?: string } = {},
  ): Promise<ProductAnswer<T>> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', secret)
      .update(productSigningText(timestamp, method, path, raw))
      .digest('hex');
    const headers: Record<string, string> = {
      [PRODUCT_HEADERS.key]: keyId,
      [PRODUCT_HEADERS.timestamp]: String(timestamp),
      [PRODUCT_HEADERS.signature]: `v1=${signature}`,
    };
    if (raw) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers[PRODUCT_HEADERS.idempotencyKey] = opts.idempotencyKey ?? randomUUID();
    const started = performance.now();
    const res = await fetch(`${origin}${path}`, { method, headers, ...(raw ? { body: raw } : {}) });
    const text = await res.text();
    const ms = performance.now() - started;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // A non-JSON answer (a proxy's error page) is kept as text.
    }
    return { status: res.status, body: parsed as T, headers: res.headers, ms };
  }
  /** The call, or an error naming the status and the server's message when it is not 2xx. */
  async function ok<T = unknown>(...args: Parameters<typeof call>): Promise<T> {
    const answer = await call<T>(...args);
    if (answer.status < 200 || answer.status >= 300) {
      const message = (answer.body as { message?: string } | null)?.message ?? String(answer.body);
      throw new Error(`${args[0]} ${args[1]} answered ${answer.status}: ${message}`);
    }
    return answer.body;
  }
  return { call, ok };
}
export type ProductClient = ReturnType<typeof createProductClient>;
