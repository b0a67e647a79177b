import { and, eq, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import { schema, type Db } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { AuthState } from '../../http/auth';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict, unauthenticated } from '../../http/errors';
import { decryptSecret, encryptSecret, verifyPassword } from '../../credentials/credentials';
import { claimAttempt } from './login-attempts';
import { matchTotpStep, newTotpSecret, totpUri } from './totp';

const { staff, staffSessions } = schema;

/** Two-factor setup: a pending secret issued (with its QR code), then enabled by password and a first code. */

export async function startTwoFactor(db: Db, config: Config, auth: AuthState, ctx: RequestContext) {
  if (auth.totpEnabled) throw conflict('Two-factor authentication is already enabled');
  const secret = newTotpSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ totpPendingSecretEnc: encryptSecret(config.secretsKey, secret), updatedAt: new Date() })
      .where(eq(staff.id, auth.staffId));
    await writeAudit(tx, ctx, { action: 'auth.2fa.start', targetType: 'staff', targetId: auth.staffId });
  });
  const qr = await QRCode.toDataURL(totpUri(secret, auth.email));
  return { qr, secret };
}

export async function enableTwoFactor(
  db: Db,
  config: Config,
  auth: AuthState,
  body: { secret: string; code: string; password: string },
  ctx: RequestContext,
) {
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
      throw badRequest('This setup has expired. Start the two-factor setup again.', {
        secret: ['Does not match the secret that was issued'],
      });
    }
    const step = matchTotpStep(pending, body.code);
    if (step === null) {
      await attempt.settle('code', false);
      throw badRequest('Invalid authentication code', { code: ['Invalid authentication code'] });
    }
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(staff)
        .set({
          totpEnabled: true,
          totpSecretEnc: s.totpPendingSecretEnc,
          totpPendingSecretEnc: null,
          totpLastStep: step,
          updatedAt: new Date(),
        })
        .where(and(eq(staff.id, s.id), eq(staff.totpEnabled, false)))
        .returning({ id: staff.id });
      if (updated.length !== 1) throw conflict('Two-factor authentication is already enabled');
      // Every session of the account ends: the admin signs in again with a code.
      await tx
        .update(staffSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(staffSessions.staffId, s.id), isNull(staffSessions.revokedAt)));
      await writeAudit(tx, ctx, {
        action: 'auth.2fa.enable',
        targetType: 'staff',
        targetId: s.id,
        before: { enable2FA: false },
        after: { enable2FA: true },
      });
    });
  } finally {
    await attempt.release();
  }
}
