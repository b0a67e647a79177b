import { WEBHOOK_HEADERS, webhookSigningText } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { hmacHex, openClientSecret } from '../product-api/product-secrets.service';
import { retryDelayMs, type WebhookDeps, type WebhookSettings } from './webhook-settings';

/*
 * The delivery engine (docs/decisions/integrations.md, "Webhook delivery"): the fan-out turns each
 * new outbox event into one webhook_deliveries row per subscribed active client; the sender claims
 * due rows (FOR UPDATE SKIP LOCKED, so several workers share the work), POSTs each signed body and
 * records the answer. One customer's deliveries to one client go out in outbox order.
 */

/** ISO 8601 in UTC with microseconds, as every Vaultdesk time. */
const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The columns an outbox event is read with (alias e) to build its body. */
export const EVENT_COLUMNS = `e.id::float8 AS cursor, e.event_id::text AS event_id, e.type, e.user_id::text AS user_id,
  e.payload, ${ISO('e.occurred_at')} AS occurred_at`;

export type EventRow = {
  cursor: number;
  event_id: string;
  type: string;
  user_id: string | null;
  payload: Record<string, unknown>;
  occurred_at: string;
};

/** The JSON body a webhook carries and the events feed lists: `{ id, type, occurredAt, customerId, data }`. */
export const eventBody = (e: EventRow) => ({
  id: e.event_id,
  type: e.type,
  occurredAt: e.occurred_at,
  customerId: e.user_id,
  data: e.payload,
});

/** `t=<unix>,v1=<hex>[,v1=<hex with the previous secret>]` over webhookSigningText(t, body). */
export function signatureHeader(secrets: string[], body: string, t = Math.floor(Date.now() / 1000)) {
  const text = webhookSigningText(t, body);
  return [`t=${t}`, ...secrets.map((s) => `v1=${hmacHex(s, text)}`)].join(',');
}

/**
 * Ends the pending deliveries of clients that can no longer receive them: revoked, or without a
 * webhook URL any more. They become `failed` with the reason (staff can replay them if the client
 * gets its URL back; a revoked client's never go out).
 */
export async function stopUnreachable(db: Db): Promise<number> {
  const { rowCount } = await db.$client.query(
    `UPDATE webhook_deliveries d
        SET status = 'failed', next_attempt_at = now(),
            last_error = CASE WHEN c.status <> 'active' THEN 'The client is revoked' ELSE 'The client has no webhook URL' END
       FROM service_clients c
      WHERE c.id = d.client_id AND d.status = 'pending' AND (c.status <> 'active' OR c.webhook_url IS NULL)`,
  );
  return rowCount ?? 0;
}

/**
 * One fan-out pass, holding the cursor row (a second worker skips): the events after the cursor
 * become deliveries for each active client with a webhook URL that subscribes to their type and
 * existed when they occurred (ON CONFLICT: an event met again is not doubled). The cursor then
 * moves past the events older than `settleMs` only, so the next passes see again the recent ones,
 * among which an event committed late with a lower id appears.
 */
export async function fanOut(db: Db, s: Pick<WebhookSettings, 'settleMs' | 'fanoutBatch'>): Promise<number> {
  const conn = await db.$client.connect();
  try {
    await conn.query('BEGIN');
    const {
      rows: [cursor],
    } = await conn.query<{ last: number }>(
      `SELECT last_outbox_id::float8 AS last FROM webhook_fanout_cursor WHERE id = 1 FOR UPDATE SKIP LOCKED`,
    );
    if (!cursor) {
      await conn.query('ROLLBACK');
      return 0;
    }
    const {
      rows: [got],
    } = await conn.query<{ inserted: number; seen: number; max_id: number | null; first_unsettled: number | null }>(
      `WITH ev AS (
         SELECT id, event_id, type, user_id, occurred_at FROM outbox_events WHERE id > $1 ORDER BY id LIMIT $2
       ), ins AS (
         INSERT INTO webhook_deliveries (client_id, outbox_id, event_id, event_type, user_id)
         SELECT c.id, ev.id, ev.event_id, ev.type, ev.user_id
           FROM ev JOIN service_clients c
             ON c.status = 'active' AND c.webhook_url IS NOT NULL AND ev.occurred_at >= c.created_at
            AND (cardinality(c.event_types) = 0 OR ev.type = ANY (c.event_types))
         ORDER BY ev.id
         ON CONFLICT (client_id, outbox_id) DO NOTHING
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM ev)::int AS seen,
              (SELECT max(id) FROM ev)::float8 AS max_id,
              (SELECT min(id) FROM ev WHERE occurred_at > now() - make_interval(secs => $3 / 1000.0))::float8 AS first_unsettled`,
      [cursor.last, s.fanoutBatch, s.settleMs],
    );
    const { inserted = 0, seen = 0, max_id = null, first_unsettled = null } = got ?? {};
    let next = cursor.last;
    if (max_id !== null) next = first_unsettled === null ? max_id : Math.max(cursor.last, first_unsettled - 1);
    // A full batch of unsettled events (a burst): move on all the same rather than read it forever.
    if (seen >= s.fanoutBatch && next === cursor.last && max_id !== null) next = max_id;
    if (next !== cursor.last)
      await conn.query(`UPDATE webhook_fanout_cursor SET last_outbox_id = $1, updated_at = now() WHERE id = 1`, [next]);
    await conn.query('COMMIT');
    return inserted;
  } catch (err) {
    await conn.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    conn.release();
  }
}

/** A claimed delivery with what sending it needs. */
type Claimed = EventRow & {
  id: string;
  client_id: string;
  webhook_url: string;
  secret_enc: string;
  previous_secret_enc: string | null;
  attempts: number;
  retry_over: boolean;
};

/**
 * Claims up to `limit` due deliveries, at most `perClient` per client and none of `busy`'s
 * clients: only the oldest pending delivery of a client and customer is due (order per customer).
 * A claim counts the attempt and leases the row until the timeout has passed (a worker that dies
 * mid-send leaves it to be tried again then).
 */
export async function claimDue(
  db: Db,
  s: Pick<WebhookSettings, 'timeoutMs' | 'retryForMs'>,
  limit: number,
  perClient: number,
  busy: Map<string, number> = new Map(),
): Promise<Claimed[]> {
  if (limit <= 0) return [];
  const busyIds = [...busy.entries()].filter(([, n]) => n >= perClient).map(([id]) => id);
  const { rows: candidates } = await db.$client.query<{ id: string; client_id: string }>(
    `SELECT id::text, client_id::text FROM (
       SELECT d.id, d.client_id, row_number() OVER (PARTITION BY d.client_id ORDER BY d.next_attempt_at, d.id) AS rn
         FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND NOT (d.client_id = ANY ($3::uuid[]))
          AND (d.user_id IS NULL OR NOT EXISTS (
                SELECT 1 FROM webhook_deliveries o
                 WHERE o.client_id = d.client_id AND o.user_id = d.user_id AND o.status = 'pending' AND o.outbox_id < d.outbox_id))
        ORDER BY d.next_attempt_at, d.id LIMIT 1000) due
      WHERE rn <= $2 ORDER BY id LIMIT $1`,
    [limit, perClient, busyIds],
  );
  const room = (id: string) => perClient - (busy.get(id) ?? 0);
  const taken = new Map<string, number>();
  const ids = candidates
    .filter((c) => {
      const n = (taken.get(c.client_id) ?? 0) + 1;
      if (n > room(c.client_id)) return false;
      taken.set(c.client_id, n);
      return true;
    })
    .map((c) => c.id);
  if (!ids.length) return [];
  const { rows } = await db.$client.query<Claimed>(
    `WITH claimed AS (
       UPDATE webhook_deliveries d
          SET attempts = d.attempts + 1, last_attempt_at = now(), first_attempt_at = coalesce(d.first_attempt_at, now()),
              next_attempt_at = now() + make_interval(secs => ($2 + 30000) / 1000.0)
        WHERE d.id IN (SELECT id FROM webhook_deliveries
                        WHERE id = ANY ($1::bigint[]) AND status = 'pending' AND next_attempt_at <= now()
                        FOR UPDATE SKIP LOCKED)
       RETURNING d.*)
     SELECT d.id::text, d.client_id::text, d.attempts, c.webhook_url, c.secret_enc,
            CASE WHEN c.previous_secret_expires_at > now() THEN c.previous_secret_enc END AS previous_secret_enc,
            now() - d.first_attempt_at >= make_interval(secs => $3 / 1000.0) AS retry_over, ${EVENT_COLUMNS}
       FROM claimed d JOIN service_clients c ON c.id = d.client_id JOIN outbox_events e ON e.id = d.outbox_id
      WHERE c.status = 'active' AND c.webhook_url IS NOT NULL`,
    [ids, s.timeoutMs, s.retryForMs],
  );
  return rows;
}

export type AttemptOutcome = { delivered: boolean; statusCode: number | null; error: string | null };

/** POSTs one event; any 2xx is delivered, a redirect is not followed (a failure), the timeout aborts. */
export async function sendOne(
  d: Claimed,
  s: Pick<WebhookSettings, 'timeoutMs' | 'secretsKey'>,
): Promise<AttemptOutcome> {
  const body = JSON.stringify(eventBody(d));
  let secrets: string[];
  try {
    secrets = [d.secret_enc, ...(d.previous_secret_enc ? [d.previous_secret_enc] : [])].map((sealed) =>
      openClientSecret(s.secretsKey, sealed),
    );
  } catch {
    // Sealed with another SECRETS_KEY: nothing can be signed; retried like any failure.
    return { delivered: false, statusCode: null, error: "The client's secret cannot be opened with SECRETS_KEY" };
  }
  try {
    const res = await fetch(d.webhook_url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(s.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Vaultdesk-Webhooks/1',
        [WEBHOOK_HEADERS.eventId]: d.event_id,
        [WEBHOOK_HEADERS.eventType]: d.type,
        [WEBHOOK_HEADERS.signature]: signatureHeader(secrets, body),
      },
      body,
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) return { delivered: true, statusCode: res.status, error: null };
    if (res.status >= 300 && res.status < 400)
      return { delivered: false, statusCode: res.status, error: `Redirect (${res.status}) not followed` };
    return { delivered: false, statusCode: res.status, error: `The endpoint answered ${res.status}` };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const error =
      e.name === 'TimeoutError' || e.name === 'AbortError'
        ? `No answer within ${s.timeoutMs} ms`
        : `Could not connect: ${e.cause?.code ?? e.cause?.message ?? e.message}`;
    return { delivered: false, statusCode: null, error: error.slice(0, 500) };
  }
}

/** Writes an attempt's outcome: delivered, retry later (doubling), or failed once retries are over. */
export async function recordOutcome(
  db: Db,
  s: Pick<WebhookSettings, 'retryBaseMs' | 'retryMaxMs'>,
  d: Pick<Claimed, 'id' | 'attempts' | 'retry_over'>,
  out: AttemptOutcome,
): Promise<'delivered' | 'retrying' | 'failed'> {
  const verdict = out.delivered ? 'delivered' : d.retry_over ? 'failed' : 'retrying';
  await db.$client.query(
    `UPDATE webhook_deliveries
        SET status = $2, last_status_code = $3, last_error = $4,
            delivered_at = CASE WHEN $2 = 'delivered' THEN now() ELSE delivered_at END,
            next_attempt_at = now() + make_interval(secs => $5 / 1000.0)
      WHERE id = $1 AND status = 'pending'`,
    [
      d.id,
      verdict === 'retrying' ? 'pending' : verdict,
      out.statusCode,
      out.error,
      verdict === 'retrying' ? retryDelayMs(s, d.attempts) : 0,
    ],
  );
  return verdict;
}

export type WebhookPass = {
  fannedOut: number;
  stopped: number;
  attempted: number;
  delivered: number;
  retrying: number;
  failed: number;
};

/**
 * One pass: stop the unreachable, fan out, claim up to `concurrency` due deliveries and send them
 * all at once, waiting for every answer (the tests drive the engine with it).
 */
export async function processWebhooksOnce(deps: WebhookDeps): Promise<WebhookPass> {
  const { db, settings: s } = deps;
  const stopped = await stopUnreachable(db);
  const fannedOut = await fanOut(db, s);
  const claimed = await claimDue(db, s, s.concurrency, s.perClient);
  const pass: WebhookPass = { fannedOut, stopped, attempted: claimed.length, delivered: 0, retrying: 0, failed: 0 };
  await Promise.all(
    claimed.map(async (d) => {
      pass[await recordOutcome(db, s, d, await sendOne(d, s))]++;
    }),
  );
  return pass;
}

export type WebhookRunner = { stop: () => Promise<void>; passes: () => number };

/**
 * The engine's loop: every `pollMs` it stops the unreachable, fans out and claims as many due
 * deliveries as free slots allow, each client at most `perClient` in flight; deliveries run on
 * their own, so a slow or silent endpoint holds its own slots only, never the next pass nor
 * another client's deliveries.
 */
export function runWebhooks(deps: WebhookDeps): WebhookRunner {
  const { db, settings: s, log } = deps;
  const inFlight = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  let passes = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const start = (d: Claimed) => {
    inFlight.set(d.client_id, (inFlight.get(d.client_id) ?? 0) + 1);
    const p = sendOne(d, s)
      .then((out) => recordOutcome(db, s, d, out))
      .then(
        () => undefined,
        (err: unknown) => log(`[webhooks] recording delivery ${d.id} failed: ${(err as Error).message}`, err),
      )
      .finally(() => {
        const n = (inFlight.get(d.client_id) ?? 1) - 1;
        if (n > 0) inFlight.set(d.client_id, n);
        else inFlight.delete(d.client_id);
        running.delete(p);
      });
    running.add(p);
  };
  const pass = async () => {
    await stopUnreachable(db);
    await fanOut(db, s);
    const claimed = await claimDue(db, s, s.concurrency - running.size, s.perClient, inFlight);
    for (const d of claimed) start(d);
  };
  const tick = () => {
    current = pass()
      .catch((err: unknown) => log(`[webhooks] the pass failed: ${(err as Error).message}`, err))
      .finally(() => {
        passes++;
        if (!stopped) timer = setTimeout(tick, s.pollMs);
      });
  };
  log(
    `[webhooks] delivering: ${s.concurrency} at once (${s.perClient} per client), ${s.timeoutMs} ms timeout, retries from ${s.retryBaseMs} ms doubling to ${s.retryMaxMs} ms for ${Math.round(s.retryForMs / 3_600_000)} h`,
  );
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
      await Promise.all([...running]);
    },
    passes: () => passes,
  };
}
