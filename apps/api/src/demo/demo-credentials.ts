import { sql } from 'drizzle-orm';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../audit-trail/audit-trail';
import { decryptSecret, hashPassword, randomPassword, verifyPassword } from '../credentials/credentials';
import { DEMO_PASSWORD, DEMO_STAFF } from './demo-staff';

/** The console command that retires the accounts a production start names. */
export const RETIRE_DEMO_COMMAND = 'npm run admin:retire-demo';

/**
 * Up to this many accounts, every one is checked against the demo password (argon2, about 50 ms
 * each, one check per distinct hash); beyond it only the demo e-mails and other `@vaultdesk.test`
 * addresses are, so a large team's start stays fast. The TOTP secrets are checked on every
 * account whatever their number (a decryption each).
 */
export const PASSWORD_CHECK_ALL_UP_TO = 50;

export type DemoCredentialHolder = {
  id: string;
  email: string;
  status: string;
  /** Holds the README's demo password. */
  password: boolean;
  /** Holds one of the README's TOTP secrets. */
  totp: boolean;
};

const DEMO_SECRETS = new Set<string>(DEMO_STAFF.flatMap((a) => (a.totpSecret ? [a.totpSecret] : [])));
const DEMO_EMAILS = new Set<string>(DEMO_STAFF.map((a) => a.email));

/**
 * The accounts that still hold a published demo credential: the README's password, or one of
 * its TOTP secrets as the sealed secret (or the one waiting for its first code). Removed
 * accounts are left out (they can never sign in again); disabled and pending ones count, as
 * they could be enabled or confirmed.
 */
export async function findDemoCredentials(db: Db, secretsKey: Buffer): Promise<DemoCredentialHolder[]> {
  const { rows } = await db.$client.query<{
    id: string;
    email: string;
    status: string;
    password_hash: string;
    totp_secret_enc: string | null;
    totp_pending_secret_enc: string | null;
  }>(
    `SELECT id, email::text AS email, status, password_hash, totp_secret_enc, totp_pending_secret_enc
       FROM staff WHERE status <> 'removed' ORDER BY created_at, email`,
  );
  const checkAll = rows.length <= PASSWORD_CHECK_ALL_UP_TO;
  // The demo seeding hashes the password once for all its accounts: one check per distinct hash.
  const verdicts = new Map<string, Promise<boolean>>();
  const holdsDemoPassword = (hash: string) => {
    let verdict = verdicts.get(hash);
    if (!verdict) verdicts.set(hash, (verdict = verifyPassword(hash, DEMO_PASSWORD)));
    return verdict;
  };
  const isDemoSecret = (sealed: string | null) => {
    if (!sealed) return false;
    try {
      return DEMO_SECRETS.has(decryptSecret(secretsKey, sealed));
    } catch {
      return false; // sealed with another key: not readable here, so not a secret anyone can use here either
    }
  };
  const found = await Promise.all(
    rows.map(async (r) => {
      const lower = r.email.toLowerCase();
      const password =
        checkAll || DEMO_EMAILS.has(lower) || lower.endsWith('@vaultdesk.test')
          ? await holdsDemoPassword(r.password_hash)
          : false;
      const totp = isDemoSecret(r.totp_secret_enc) || isDemoSecret(r.totp_pending_secret_enc);
      return { id: r.id, email: r.email, status: r.status, password, totp };
    }),
  );
  return found.filter((a) => a.password || a.totp);
}

/** One line for a refused production start: the accounts, what each holds, and the command that retires them. */
export function demoCredentialsRefusal(holders: readonly DemoCredentialHolder[]): string {
  const named = holders
    .map(
      (h) => `${h.email} (${[h.password ? 'password' : '', h.totp ? 'TOTP secret' : ''].filter(Boolean).join(', ')})`,
    )
    .join(', ');
  return `Refusing to start in production: demo credentials are still held by ${named}; run \`${RETIRE_DEMO_COMMAND}\` with this environment to disable these accounts`;
}

/**
 * Disables every account that holds a demo credential: status `disabled`, the password replaced
 * by a random one nobody knows, two-factor and its secrets cleared, every open session ended.
 * Each account is one audit row (`admin.retire-demo`, done by the console), in the transaction
 * that changes it. Answers the accounts retired.
 */
export async function retireDemoCredentials(db: Db, secretsKey: Buffer): Promise<DemoCredentialHolder[]> {
  const holders = await findDemoCredentials(db, secretsKey);
  for (const h of holders) {
    const passwordHash = await hashPassword(randomPassword());
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE staff SET status = 'disabled', password_hash = ${passwordHash}, totp_enabled = false,
                   totp_secret_enc = NULL, totp_pending_secret_enc = NULL, must_change_password = true,
                   updated_at = now()
             WHERE id = ${h.id}`,
      );
      const revoked = await tx.execute(
        sql`UPDATE staff_sessions SET revoked_at = now() WHERE staff_id = ${h.id} AND revoked_at IS NULL`,
      );
      await writeAudit(
        tx,
        { actor: null, ip: null, longitude: null, latitude: null, userAgent: `console: ${RETIRE_DEMO_COMMAND}` },
        {
          action: 'admin.retire-demo',
          targetType: 'staff',
          targetId: h.id,
          before: { email: h.email, status: h.status, demoPassword: h.password, demoTotpSecret: h.totp },
          after: { status: 'disabled', revokedSessions: revoked.rowCount ?? 0, via: 'console' },
        },
      );
    });
  }
  return holders;
}
