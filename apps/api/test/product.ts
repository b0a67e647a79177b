import { ALL_PRODUCT_SCOPES, PRODUCT_HEADERS, productSigningText, type ProductScope } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { App } from '../src/http/app-types';
import { hmacHex, newClientCredentials, sealClientSecret } from '../src/modules/product-api/service-client-secrets';

/** A service client as a test holds it: its id, public key id and the secret shown once. */
export type TestServiceClient = { id: string; name: string; keyId: string; secret: string };

let made = 0;

/** Inserts an active service client (owner connection) with the given scopes (default: all). */
export async function insertServiceClient(
  db: Db,
  secretsKey: Buffer,
  opts: {
    name?: string;
    scopes?: readonly ProductScope[];
    webhookUrl?: string | null;
    rateLimitPerMinute?: number;
  } = {},
): Promise<TestServiceClient> {
  const { keyId, secret } = newClientCredentials();
  const name = opts.name ?? `Test client ${process.pid}-${++made}-${keyId.slice(-6)}`;
  const { rows } = await db.$client.query<{ id: string }>(
    `INSERT INTO service_clients (name, key_id, secret_enc, scopes, webhook_url, rate_limit_per_minute)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [
      name,
      keyId,
      sealClientSecret(secretsKey, secret),
      [...(opts.scopes ?? ALL_PRODUCT_SCOPES)],
      opts.webhookUrl ?? null,
      opts.rateLimitPerMinute ?? 600,
    ],
  );
  return { id: rows[0]!.id, name, keyId, secret };
}

/** The three headers of a signed product call (timestamp: now, unless given). */
export function signedHeaders(
  client: Pick<TestServiceClient, 'keyId' | 'secret'>,
  method: string,
  pathWithQuery: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  return {
    [PRODUCT_HEADERS.key]: client.keyId,
    [PRODUCT_HEADERS.timestamp]: String(timestamp),
    [PRODUCT_HEADERS.signature]: `v1=${hmacHex(client.secret, productSigningText(timestamp, method, pathWithQuery, body))}`,
  };
}

/**
 * A signed call through app.inject: the body is sent exactly as signed. `idempotencyKey` adds
 * the Idempotency-Key header; `headers` overrides any (e.g. a forged signature).
 */
export function productCall(
  app: App,
  client: Pick<TestServiceClient, 'keyId' | 'secret'>,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  opts: { idempotencyKey?: string; headers?: Record<string, string>; timestamp?: number } = {},
) {
  const raw = body === undefined ? '' : JSON.stringify(body);
  return app.inject({
    method,
    url,
    headers: {
      ...(raw ? { 'content-type': 'application/json' } : {}),
      ...signedHeaders(client, method, url, raw, opts.timestamp),
      ...(opts.idempotencyKey ? { [PRODUCT_HEADERS.idempotencyKey]: opts.idempotencyKey } : {}),
      ...opts.headers,
    },
    ...(raw ? { payload: raw } : {}),
  });
}
