import { LOGIN_LIMIT } from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { AppError } from '../../http/errors';

/**
 * After 5 failures within 15 minutes, for the account (since its last completed sign-in) or for
 * the address, sign-in is refused (429) until the oldest of those failures leaves the window.
 * A null e-mail (a passkey not known yet) checks the address only.
 */
export async function assertNotLocked(db: Db, email: string | null, ip: string) {
  const { rows } = await db.$client.query<{ n: number; oldest: Date | null }>(
    `SELECT count(*)::int AS n, min(at) AS oldest FROM login_attempts
      WHERE email = $1 AND NOT success AND at > now() - make_interval(mins => $3)
        -- a completed sign-in of the account starts its count afresh; the address count does not
        AND at > coalesce((SELECT max(at) FROM login_attempts WHERE email = $1 AND success), '-infinity')
     UNION ALL
     SELECT count(*)::int, min(at) FROM login_attempts
      WHERE ip = $2 AND NOT success AND at > now() - make_interval(mins => $3)`,
    [email, ip, LOGIN_LIMIT.windowMinutes],
  );
  for (const r of rows) {
    if (r && r.n >= LOGIN_LIMIT.maxFailures && r.oldest) {
      const retryAfter = Math.max(1, Math.ceil((r.oldest.getTime() + LOGIN_LIMIT.windowMinutes * 60_000 - Date.now()) / 1000));
      const minutes = Math.ceil(retryAfter / 60);
      throw new AppError(
        'TOO_MANY_ATTEMPTS',
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        undefined,
        retryAfter,
      );
    }
  }
}

export async function recordAttempt(db: Db, email: string, ip: string, step: 'password' | 'code' | 'passkey', success: boolean) {
  await db.$client.query('INSERT INTO login_attempts (email, ip, step, success) VALUES ($1, $2, $3, $4)', [email, ip, step, success]);
}
