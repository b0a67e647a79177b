import type { Db } from '@vaultdesk/db';
import type { App } from '../../http/app-types';
import { AppError } from '../../http/errors';
import { purgeExpiredProductRows } from './idempotency';

/**
 * One statement per request: count it in the client's row for this minute (shared by every API
 * instance), and on the minute's first request stamp `last_used_at` (so that column changes at
 * most once a minute per client). Answers the count and the seconds left in the minute.
 */
export const RATE_COUNT_SQL = `
  WITH counted AS (
    INSERT INTO product_rate_counts (client_id, minute, n) VALUES ($1, date_trunc('minute', now()), 1)
    ON CONFLICT (client_id, minute) DO UPDATE SET n = product_rate_counts.n + 1
    RETURNING n
  ), used AS (
    UPDATE service_clients SET last_used_at = now()
     WHERE id = $1 AND (SELECT n FROM counted) = 1
    RETURNING 1
  )
  SELECT (SELECT n FROM counted) AS n, (SELECT count(*) FROM used)::int AS stamped,
         ceil(extract(epoch FROM date_trunc('minute', now()) + interval '1 minute' - now()))::int AS retry_after`;

/**
 * At most `rate_limit_per_minute` product requests per client and clock minute, across every API
 * instance; over it, 429 with Retry-After (the seconds until the next minute). Runs right after the
 * signature is verified (product-auth.ts), before the body is validated or anything claimed.
 */
export function registerProductRateLimit(app: App, db: Db) {
  app.addHook('preValidation', async (req) => {
    const client = req.serviceClient;
    if (!client) return;
    const { rows } = await db.$client.query<{ n: number; stamped: number; retry_after: number }>(RATE_COUNT_SQL, [
      client.id,
    ]);
    const row = rows[0]!;
    if (row.stamped) {
      // The client's first request this minute: the past minutes' counters and expired keys go.
      void db.$client
        .query(`DELETE FROM product_rate_counts WHERE client_id = $1 AND minute < date_trunc('minute', now())`, [
          client.id,
        ])
        .then(() => purgeExpiredProductRows(db))
        .catch((err: unknown) => req.log.warn({ err }, 'product API housekeeping failed'));
    }
    if (row.n > client.rateLimitPerMinute) {
      const wait = Math.max(1, row.retry_after);
      throw new AppError(
        'TOO_MANY_ATTEMPTS',
        `Rate limit reached: this client may make ${client.rateLimitPerMinute} requests a minute; retry after ${wait} seconds`,
        undefined,
        wait,
      );
    }
  });
}
