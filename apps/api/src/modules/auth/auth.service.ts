import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { PASSKEY_MESSAGES, PENDING_SESSION_MINUTES, permissionsInForce, SESSION_HOURS, type LoginBody, type LoginResult, type Me } from '@vaultdesk/contract';
import { schema, type Db, type Tx } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { AuthState } from '../../http/auth';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict, unauthenticated } from '../../http/errors';
import { decryptSecret, encryptSecret, hashPassword, hashToken, newToken, verifyAgainstDummy, verifyPassword } from '../../credentials/credentials';
import { claimAttempt, type AttemptClaim } from './login-attempts';
import { matchTotpStep, newTotpSecret, totpUri } from './totp';

// Passkey sign-in counts its attempts in the same store as password sign-in, through auth's public face.
export { assertNotLocked, claimAttempt } from './login-attempts';

const { staff, roles, staffSessions, staffPasskeys } = schema;

export type StaffRow = typeof staff.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

const hasPasskey = async (db: Db | Tx, staffId: string) =>
  (await db.select({ id: staffPasskeys.id }).from(staffPasskeys).where(eq(staffPasskeys.staffId, staffId)).limit(1)).length > 0;

export const loadStaffByEmail = async (db: Db | Tx, email: string) => {
  const [row] = await db
    .select({ staff, role: roles })
    .from(staff)
    .innerJoin(roles, eq(roles.id, staff.roleId))
    .where(eq(staff.email, email))
    .limit(1);
  return row;
};

/** Accepts a code once: the step is stored with a guarded update, so a replay (or a race) fails. */
async function consumeTotp(tx: Db | Tx, staffId: string, secret: string, code: string): Promise<boolean> {
  const step = matchTotpStep(secret, code);
  if (step === null) return false;
  const updated = await tx
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), sql`(${staff.totpLastStep} IS NULL OR ${staff.totpLastStep} < ${step})`))
    .returning({ id: staff.id });
  return updated.length === 1;
}

export function createAuthService(db: Db, config: Config) {
  const openSession = async (tx: Tx, s: StaffRow, twoFactorPassed: boolean, ctx: RequestContext, method: 'password' | 'passkey') => {
    const token = newToken();
    const ttlMs = twoFactorPassed ? SESSION_HOURS * 3_600_000 : PENDING_SESSION_MINUTES * 60_000;
    const expiresAt = new Date(Date.now() + ttlMs);
    const [created] = await tx
      .insert(staffSessions)
      .values({ staffId: s.id, tokenHash: hashToken(token), twoFactorPassed, method, ip: ctx.ip, userAgent: ctx.userAgent, expiresAt })
      .returning({ id: staffSessions.id });
    return { token, expiresAt, sessionId: created!.id };
  };

  /**
   * The one way a session starts once the credentials are checked (password + TOTP, or a
   * passkey): the session row, the account's last sign-in and the audit row in one transaction,
   * and the same answer.
   */
  const finishSignIn = async (
    s: StaffRow,
    role: RoleRow,
    ctx: RequestContext,
    how: { method: 'password' | 'passkey'; twoFactorPassed: boolean; passkeyId?: string },
  ): Promise<LoginResult> => {
    const opened = await db.transaction(async (tx) => {
      const result = await openSession(tx, s, how.twoFactorPassed, ctx, how.method);
      await tx.update(staff).set({ lastLoginAt: new Date() }).where(eq(staff.id, s.id));
      await writeAudit(tx, { ...ctx, actor: { id: s.id, email: s.email } }, {
        action: 'auth.login',
        targetType: 'staff',
        targetId: s.id,
        after: { twoFactor: how.twoFactorPassed, method: how.method, ...(how.passkeyId ? { passkeyId: how.passkeyId } : {}), sessionId: result.sessionId },
      });
      return result;
    });
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
  };

  /** Password (+ code): the attempt is claimed (counted) before anything is verified. */
  const passwordSignIn = async (body: LoginBody, ctx: RequestContext, attempt: AttemptClaim): Promise<LoginResult> => {
    const found = await loadStaffByEmail(db, body.email);
    const passwordOk = found ? await verifyPassword(found.staff.passwordHash, body.password) : await verifyAgainstDummy(body.password);
    if (!found || !passwordOk) {
      await attempt.settle('password', false);
      throw unauthenticated('Invalid email or password');
    }
    const { staff: s, role } = found;
    if (s.status === 'pending') throw new AppError('FORBIDDEN', 'Confirm your account with the link in the setup e-mail first');
    if (s.status !== 'active') throw new AppError('FORBIDDEN', 'This account is disabled');
    // A role that requires passkeys: a member who has one signs in with it, never with password + TOTP.
    if (role.requirePasskey && (await hasPasskey(db, s.id))) {
      await db.transaction((tx) => writeAudit(tx, { ...ctx, actor: { id: s.id, email: s.email } }, {
        action: 'auth.login.refused', targetType: 'staff', targetId: s.id, after: { reason: 'passkey required', step: body.code ? 'code' : 'password' },
      }));
      throw new AppError('FORBIDDEN', PASSKEY_MESSAGES.required);
    }

    if (s.totpEnabled && !body.code) {
      return { enable2FA: true, codeRequired: true };
    }
    if (s.totpEnabled) {
      const secret = decryptSecret(config.secretsKey, s.totpSecretEnc!);
      if (!(await consumeTotp(db, s.id, secret, body.code!))) {
        await attempt.settle('code', false);
        throw unauthenticated('Invalid or already used authentication code');
      }
    }
    await attempt.settle(s.totpEnabled ? 'code' : 'password', true);
    return finishSignIn(s, role, ctx, { method: 'password', twoFactorPassed: s.totpEnabled });
  };

  return {
    async login(body: LoginBody, ctx: RequestContext): Promise<LoginResult> {
      const ip = ctx.ip ?? 'unknown';
      const attempt = await claimAttempt(db, body.email, ip);
      try {
        return await passwordSignIn(body, ctx, attempt);
      } finally {
        await attempt.release();
      }
    },

    finishSignIn,

    me(auth: AuthState): Me {
      return {
        user: { id: auth.staffId, email: auth.email, fullName: auth.fullName },
        authRole: { name: auth.roleTitle, slug: auth.roleSlug, permissions: auth.permissions },
        enable2FA: auth.totpEnabled,
        mustChangePassword: auth.mustChangePassword,
        passkeySetupRequired: auth.passkeySetupRequired,
        expiresIn: auth.expiresAt.getTime(),
      };
    },

    async logout(auth: AuthState, ctx: RequestContext) {
      await db.transaction(async (tx) => {
        await tx.update(staffSessions).set({ revokedAt: new Date() }).where(and(eq(staffSessions.id, auth.sessionId), isNull(staffSessions.revokedAt)));
        await writeAudit(tx, ctx, { action: 'auth.logout', targetType: 'staff', targetId: auth.staffId, after: { sessionId: auth.sessionId } });
      });
    },

    async startTwoFactor(auth: AuthState, ctx: RequestContext) {
      if (auth.totpEnabled) throw conflict('Two-factor authentication is already enabled');
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        await tx.update(staff).set({ totpPendingSecretEnc: encryptSecret(config.secretsKey, secret), updatedAt: new Date() }).where(eq(staff.id, auth.staffId));
        await writeAudit(tx, ctx, { action: 'auth.2fa.start', targetType: 'staff', targetId: auth.staffId });
      });
      const qr = await QRCode.toDataURL(totpUri(secret, auth.email));
      return { qr, secret };
    },

    async enableTwoFactor(auth: AuthState, body: { secret: string; code: string; password: string }, ctx: RequestContext) {
      const ip = ctx.ip ?? 'unknown';
      // The password and code it asks for count towards the sign-in lockout, like a sign-in's.
      const attempt = await claimAttempt(db, auth.email, ip);
      try {
        const [s] = await db.select().from(staff).where(eq(staff.id, auth.staffId));
        if (!s) throw unauthenticated();
        if (s.totpEnabled) throw conflict('Two-factor authentication is already enabled');
        if (!(await verifyPassword(s.passwordHash, body.password))) {
          await attempt.settle('password', false);
          throw badRequest('Password is incorrect', { password: ['Password is incorrect'] });
        }
        const pending = s.totpPendingSecretEnc ? decryptSecret(config.secretsKey, s.totpPendingSecretEnc) : null;
        if (!pending || pending !== body.secret.replace(/\s+/g, '').toUpperCase()) {
          throw badRequest('This setup has expired. Start the two-factor setup again.', { secret: ['Does not match the secret that was issued'] });
        }
        const step = matchTotpStep(pending, body.code);
        if (step === null) {
          await attempt.settle('code', false);
          throw badRequest('Invalid authentication code', { code: ['Invalid authentication code'] });
        }
        await db.transaction(async (tx) => {
          const updated = await tx
            .update(staff)
            .set({ totpEnabled: true, totpSecretEnc: s.totpPendingSecretEnc, totpPendingSecretEnc: null, totpLastStep: step, updatedAt: new Date() })
            .where(and(eq(staff.id, s.id), eq(staff.totpEnabled, false)))
            .returning({ id: staff.id });
          if (updated.length !== 1) throw conflict('Two-factor authentication is already enabled');
          // Every session of the account ends: the admin signs in again with a code.
          await tx.update(staffSessions).set({ revokedAt: new Date() }).where(and(eq(staffSessions.staffId, s.id), isNull(staffSessions.revokedAt)));
          await writeAudit(tx, ctx, { action: 'auth.2fa.enable', targetType: 'staff', targetId: s.id, before: { enable2FA: false }, after: { enable2FA: true } });
        });
      } finally {
        await attempt.release();
      }
    },

    async updatePassword(auth: AuthState, body: { currentPassword: string; password: string }, ctx: RequestContext) {
      const [s] = await db.select().from(staff).where(eq(staff.id, auth.staffId));
      if (!s) throw unauthenticated();
      if (!(await verifyPassword(s.passwordHash, body.currentPassword))) {
        throw badRequest('Current password is incorrect', { currentPassword: ['Current password is incorrect'] });
      }
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        await tx.update(staff).set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date(), updatedAt: new Date() }).where(eq(staff.id, s.id));
        const revoked = await tx
          .update(staffSessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(staffSessions.staffId, s.id), ne(staffSessions.id, auth.sessionId), isNull(staffSessions.revokedAt)))
          .returning({ id: staffSessions.id });
        await writeAudit(tx, ctx, { action: 'auth.password.update', targetType: 'staff', targetId: s.id, after: { otherSessionsRevoked: revoked.length } });
        return { otherSessionsRevoked: revoked.length };
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
