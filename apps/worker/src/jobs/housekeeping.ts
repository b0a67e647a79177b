import type { Db } from '@vaultdesk/db';

/**
 * Keeps the security tables lean: sessions a day past their expiry, and sign-in attempts too
 * old to count towards a lockout (kept 30 days for investigations). The audit trail is never
 * touched: it is append-only.
 */
export async function housekeeping(db: Db) {
  const sessions = await db.$client.query(`DELETE FROM staff_sessions WHERE expires_at < now() - interval '1 day'`);
  const attempts = await db.$client.query(`DELETE FROM login_attempts WHERE at < now() - interval '30 days'`);
  return { sessions: sessions.rowCount ?? 0, attempts: attempts.rowCount ?? 0 };
}
