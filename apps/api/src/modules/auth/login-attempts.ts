import { LOGIN_LIMIT } from '@vaultdesk/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '@vaultdesk/db';
import { AppError } from '../../http/errors';

type Step = 'password' | 'code' | 'passkey';
type Queryable = Pick<Db['$client'], 'query'>;

/**
 * After 5 failures within 15 minutes, for the account (since its last completed sign-in) or for
 * the address, sign-in is refused (429) until the oldest of those failures leaves the window.
 * A null e-mail (a passkey not known yet) checks the address only.
 */
async function refuseIfLocked(q: Queryable, email: string | null, ip: string) {
  const { rows } = await q.query<{ n: number; oldest: Date | null }>(
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
      const retryAfter = Math.max(
        1,
        Math.ceil((r.oldest.getTime() + LOGIN_LIMIT.windowMinutes * 60_000 - Date.now()) / 1000),
      );
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

/** A look only (no attempt is made): e.g. before a passkey ceremony is started for an address. */
export async function assertNotLocked(db: Db, email: string | null, ip: string) {
  await refuseIfLocked(db.$client, email, ip);
}

/** One sign-in attempt in flight: it counts as a failure from the moment it is claimed. */
export type AttemptClaim = {
  /** Its outcome, in a commit of its own (a failure keeps counting; a success starts the account's count afresh). */
  settle(step: Step, success: boolean): Promise<void>;
  /**
   * Its outcome written in `tx` (a success commits with the session it opens). Answers the hook
   * to call once `tx` has committed: until then the claim is not settled, so a rollback leaves it
   * to `release()` like an attempt that never had an outcome.
   */
  settleIn(tx: Tx, step: Step, success: boolean): Promise<() => void>;
  /** Ends without an outcome (a disabled account, a code still to come, a sign-in rolled back): the claim is removed. */
  release(): Promise<void>;
};

/**
 * Checks the lockout and counts this attempt as a failure in one step, under advisory locks on
 * the account and the address, before the password or code is verified: attempts sent at once
 * (to one instance or several) each see those before them, so no burst gets past the limit.
 * The caller settles the claim with the outcome, or releases it when there is none.
 */
export async function claimAttempt(db: Db, email: string | null, ip: string): Promise<AttemptClaim> {
  const client = await db.$client.connect();
  let id: string;
  try {
    await client.query('BEGIN');
    // Always the address first, then the account: two attempts never wait on each other crosswise.
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('login-ip:' || $1, 0))`, [ip]);
    if (email)
      await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('login-email:' || lower($1), 0))`, [email]);
    await refuseIfLocked(client, email, ip);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO login_attempts (email, ip, step, success) VALUES ($1, $2, 'password', false) RETURNING id::text AS id`,
      [email ?? '', ip],
    );
    id = rows[0]!.id;
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  let settled = false;
  return {
    async settle(step, success) {
      settled = true;
      await db.$client.query('UPDATE login_attempts SET step = $2, success = $3 WHERE id = $1', [id, step, success]);
    },
    async settleIn(tx, step, success) {
      await tx.execute(sql`UPDATE login_attempts SET step = ${step}, success = ${success} WHERE id = ${id}`);
      return () => {
        settled = true;
      };
    },
    async release() {
      if (settled) return;
      settled = true;
      await db.$client.query('DELETE FROM login_attempts WHERE id = $1', [id]);
    },
  };
}
