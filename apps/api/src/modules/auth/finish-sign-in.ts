import { eq } from 'drizzle-orm';
import { PENDING_SESSION_MINUTES, permissionsInForce, SESSION_HOURS, type LoginResult } from '@vaultdesk/contract';
import { schema, type Db, type Tx } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { hashToken, newToken } from '../../credentials/credentials';
import type { RoleRow, StaffRow } from './staff-accounts';

const { staff, staffSessions } = schema;

async function openSession(
  tx: Tx,
  s: StaffRow,
  twoFactorPassed: boolean,
  ctx: RequestContext,
  method: 'password' | 'passkey',
) {
  const token = newToken();
  const ttlMs = twoFactorPassed ? SESSION_HOURS * 3_600_000 : PENDING_SESSION_MINUTES * 60_000;
  const expiresAt = new Date(Date.now() + ttlMs);
  const [created] = await tx
    .insert(staffSessions)
    .values({
      staffId: s.id,
      tokenHash: hashToken(token),
      twoFactorPassed,
      method,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      expiresAt,
    })
    .returning({ id: staffSessions.id });
  return { token, expiresAt, sessionId: created!.id };
}

/**
 * The one way a session starts once the credentials are checked (password + TOTP, or a
 * passkey): the session row, the account's last sign-in and the audit row in one transaction,
 * and the same answer. `first` runs at the start of that transaction (the code's step taken, the
 * attempt settled): one commit for the whole sign-in, and nothing of it if any part fails. What
 * `first` answers, if anything, is called once that transaction has committed (never after a
 * rollback): e.g. the attempt marked settled.
 */
export async function finishSignIn(
  db: Db,
  s: StaffRow,
  role: RoleRow,
  ctx: RequestContext,
  how: { method: 'password' | 'passkey'; twoFactorPassed: boolean; passkeyId?: string },
  first?: (tx: Tx) => Promise<(() => void) | undefined>,
): Promise<LoginResult> {
  let committed: (() => void) | undefined;
  const opened = await db.transaction(async (tx) => {
    if (first) committed = await first(tx);
    const result = await openSession(tx, s, how.twoFactorPassed, ctx, how.method);
    await tx.update(staff).set({ lastLoginAt: new Date() }).where(eq(staff.id, s.id));
    await writeAudit(
      tx,
      { ...ctx, actor: { id: s.id, email: s.email } },
      {
        action: 'auth.login',
        targetType: 'staff',
        targetId: s.id,
        after: {
          twoFactor: how.twoFactorPassed,
          method: how.method,
          ...(how.passkeyId ? { passkeyId: how.passkeyId } : {}),
          sessionId: result.sessionId,
        },
      },
    );
    return result;
  });
  committed?.();
  return {
    token: opened.token,
    expiresIn: opened.expiresAt.getTime(),
    enable2FA: how.twoFactorPassed,
    codeRequired: false,
    mustChangePassword: s.mustChangePassword,
    // What the session lookup computes for `me` (http/auth.ts SESSION_SQL), from the same rows.
    passkeySetupRequired: role.requirePasskey && how.method !== 'passkey',
    user: { id: s.id, email: s.email, fullName: s.fullName },
    authRole: { name: role.title, slug: role.slug, permissions: permissionsInForce(role) },
  };
}
