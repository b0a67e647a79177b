import type { FastifyRequest } from 'fastify';
import {
  PRODUCT_HEADERS,
  PRODUCT_SIGNATURE_WINDOW_SECONDS,
  productSigningText,
  type ProductScope,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { App } from '../../http/app-types';
import { AppError, forbidden } from '../../http/errors';
import { hmacHex, openClientSecret, sameSignature } from './service-client-secrets';

/** The product API's prefix: its routes answer signed service clients only, never a staff session. */
export const PRODUCT_PREFIX = '/product/v1/';

/** The service client a signed product request came from. */
export type ServiceClientContext = {
  id: string;
  name: string;
  keyId: string;
  scopes: string[];
  rateLimitPerMinute: number;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** Set on product routes once the signature is verified. */
    serviceClient?: ServiceClientContext;
    /** The body exactly as received (the JSON parser keeps it): what the client signed. */
    rawBody?: string;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    /** The scope a product route needs; `any`: every active client (its own description). */
    productScope?: ProductScope | 'any';
  }
}

const refused = (message: string) => new AppError('UNAUTHENTICATED', message);

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

type ClientRow = {
  id: string;
  name: string;
  key_id: string;
  scopes: string[];
  rate_limit_per_minute: number;
  status: string;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_valid: boolean;
};

const CLIENT_SQL = `SELECT id, name, key_id, scopes, rate_limit_per_minute, status, secret_enc, previous_secret_enc,
       (previous_secret_expires_at IS NOT NULL AND previous_secret_expires_at > now()) AS previous_valid
  FROM service_clients WHERE key_id = $1`;

/**
 * Every `/product/v1/` route declares its scope (one without fails at start-up), and every call
 * to one is verified before its body is validated: a known, active key; a timestamp within
 * PRODUCT_SIGNATURE_WINDOW_SECONDS; `v1=` HMAC-SHA256 over productSigningText with the client's
 * secret (or, during a rotation's grace period, its previous one); the route's scope. A staff
 * bearer token is no key: staff sessions cannot call the product API, and a service client's
 * headers open no staff route (those read only sessions).
 */
export function registerProductAuth(app: App, db: Db, secretsKey: Buffer) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(PRODUCT_PREFIX)) return;
    if (!route.config?.productScope)
      throw new Error(`Product route ${String(route.method)} ${route.url} declares no scope`);
  });
  app.addHook('preValidation', async (req, reply) => {
    const scope = req.routeOptions.config?.productScope;
    if (!scope) return;
    reply.header('cache-control', 'no-store');
    req.serviceClient = await verifySignedRequest(req, db, secretsKey);
    // "Last used" is stamped by the rate limit's one statement (rate-limit.ts), not here.
    if (scope !== 'any' && !req.serviceClient.scopes.includes(scope))
      throw forbidden(`This client lacks the scope ${scope}`);
  });
}

async function verifySignedRequest(req: FastifyRequest, db: Db, secretsKey: Buffer): Promise<ServiceClientContext> {
  const keyId = header(req, PRODUCT_HEADERS.key);
  const timestamp = header(req, PRODUCT_HEADERS.timestamp);
  const signature = header(req, PRODUCT_HEADERS.signature);
  if (!keyId || !timestamp || !signature)
    throw refused('Sign the request: X-Vaultdesk-Key, X-Vaultdesk-Timestamp and X-Vaultdesk-Signature are required');
  if (!/^\d{1,12}$/.test(timestamp)) throw refused('X-Vaultdesk-Timestamp must be the unix time in seconds');
  const skew = Math.abs(Date.now() / 1000 - Number(timestamp));
  if (skew > PRODUCT_SIGNATURE_WINDOW_SECONDS)
    throw refused(
      `The request's timestamp is more than ${PRODUCT_SIGNATURE_WINDOW_SECONDS / 60} minutes from the server's clock`,
    );
  if (keyId.length > 100) throw refused('Unknown key');
  const { rows } = await db.$client.query<ClientRow>(CLIENT_SQL, [keyId]);
  const client = rows[0];
  if (!client) throw refused('Unknown key');
  if (client.status !== 'active') throw refused('This key is revoked');
  const given = /^v1=([0-9a-fA-F]+)$/.exec(signature.trim())?.[1] ?? '';
  const text = productSigningText(timestamp, req.method, req.url, req.rawBody ?? '');
  const secrets = [
    client.secret_enc,
    ...(client.previous_valid && client.previous_secret_enc ? [client.previous_secret_enc] : []),
  ];
  const valid = secrets.some((sealed) => sameSignature(hmacHex(openClientSecret(secretsKey, sealed), text), given));
  if (!valid) throw refused('The signature does not match the request');
  return {
    id: client.id,
    name: client.name,
    keyId: client.key_id,
    scopes: client.scopes,
    rateLimitPerMinute: client.rate_limit_per_minute,
  };
}
