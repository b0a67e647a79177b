import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_HEADERS } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { App } from '../../http/app-types';
import { AppError, badRequest, conflict } from '../../http/errors';

/** How long a stored answer is replayed (the issue asks for at least 24 hours). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * A claim still in_progress after this long belongs to a process that died mid-request: the
 * same request may run again. Far above any request's run time (statement_timeout is seconds).
 */
export const IDEMPOTENCY_STALE_SECONDS = 120;
/** The answer header of a replayed request. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
/** 1-200 printable ASCII characters (no spaces at either end: a header value cannot keep them). */
const KEY_SHAPE = /^[\x21-\x7e](?:[\x20-\x7e]{0,198}[\x21-\x7e])?$/;

type Claim = { clientId: string; key: string };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The idempotency key this request holds in_progress (set by the claim, cleared once stored). */
    idempotencyClaim?: Claim;
  }
}

export const requestHash = (req: FastifyRequest) =>
  createHash('sha256')
    .update(`${req.method}\n${req.url}\n${req.rawBody ?? ''}`, 'utf8')
    .digest('hex');

const CLAIM_SQL = `
  INSERT INTO idempotency_keys (client_id, key, request_hash, state, created_at, expires_at)
  VALUES ($1, $2, $3, 'in_progress', now(), now() + make_interval(hours => $4))
  ON CONFLICT (client_id, key) DO UPDATE
     SET request_hash = EXCLUDED.request_hash, state = 'in_progress', status_code = NULL, response = NULL,
         created_at = now(), expires_at = EXCLUDED.expires_at
   -- An expired key is free again; a stale claim of the same request is taken over.
   WHERE idempotency_keys.expires_at <= now()
      OR (idempotency_keys.state = 'in_progress' AND idempotency_keys.request_hash = EXCLUDED.request_hash
          AND idempotency_keys.created_at < now() - make_interval(secs => $5))
  RETURNING 1`;

type KeyRow = { request_hash: string; state: string; status_code: number | null; response: unknown };

/**
 * Idempotency for every write under /product/v1 (docs/decisions/integrations.md, "Idempotency"),
 * transparent to the route handlers: preValidation refuses a write without a well-formed
 * `Idempotency-Key`; preHandler (after the body is valid) claims the key or answers from it;
 * onSend stores the answer (2xx and 4xx) or, on a 5xx, releases the key so a retry can run.
 */
export function registerIdempotency(app: App, db: Db) {
  app.addHook('preValidation', async (req) => {
    if (!req.routeOptions.config?.productScope || !WRITES.has(req.method)) return;
    const key = req.headers[PRODUCT_HEADERS.idempotencyKey];
    if (typeof key !== 'string' || key === '')
      throw badRequest('The Idempotency-Key header is required on every product write', {
        'Idempotency-Key': ['Required: 1-200 printable characters, unique per operation'],
      });
    if (!KEY_SHAPE.test(key))
      throw badRequest('The Idempotency-Key header must be 1-200 printable characters', {
        'Idempotency-Key': ['1-200 printable ASCII characters'],
      });
  });

  app.addHook('preHandler', async (req, reply) => {
    const client = req.serviceClient;
    if (!client || !WRITES.has(req.method) || !req.routeOptions.config?.productScope) return;
    const key = req.headers[PRODUCT_HEADERS.idempotencyKey] as string;
    const hash = requestHash(req);
    const claimed = await db.$client.query(CLAIM_SQL, [
      client.id,
      key,
      hash,
      IDEMPOTENCY_TTL_HOURS,
      IDEMPOTENCY_STALE_SECONDS,
    ]);
    if (claimed.rowCount) {
      req.idempotencyClaim = { clientId: client.id, key };
      return;
    }
    const { rows } = await db.$client.query<KeyRow>(
      `SELECT request_hash, state, status_code, response FROM idempotency_keys WHERE client_id = $1 AND key = $2`,
      [client.id, key],
    );
    const row = rows[0];
    if (row && row.request_hash !== hash)
      throw new AppError(
        'CONFLICT',
        'This Idempotency-Key was already used with another request (method, path or body): use a new key for a new operation',
      );
    if (!row || row.state !== 'done')
      throw conflict('A request with this Idempotency-Key is still being processed: retry in a moment');
    return replay(reply, row);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotencyClaim;
    if (!claim) return payload;
    req.idempotencyClaim = undefined;
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? parseJson(payload) : undefined;
    if (status >= 500 || body === undefined) {
      // Nothing (or nothing known) was done: the key is free for a retry.
      await db.$client.query(
        `DELETE FROM idempotency_keys WHERE client_id = $1 AND key = $2 AND state = 'in_progress'`,
        [claim.clientId, claim.key],
      );
      return payload;
    }
    await db.$client.query(
      `UPDATE idempotency_keys SET state = 'done', status_code = $3, response = $4::jsonb
        WHERE client_id = $1 AND key = $2 AND state = 'in_progress'`,
      [claim.clientId, claim.key, status, payload],
    );
    return payload;
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function replay(reply: FastifyReply, row: KeyRow) {
  return reply
    .code(row.status_code ?? 200)
    .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(row.response));
}

/**
 * Expired keys and past minutes' counters, deleted a bounded batch at a time. Called at most once
 * a minute per client (on its first request of a minute: rate-limit.ts), never awaited by a request.
 */
export async function purgeExpiredProductRows(db: Db) {
  await db.$client.query(
    `DELETE FROM idempotency_keys WHERE ctid = ANY (ARRAY(
       SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT 1000))`,
  );
}
