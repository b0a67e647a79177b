import { and, eq, sql } from 'drizzle-orm';
import { PASSKEY_MESSAGES, type LoginBody, type LoginResult } from '@vaultdesk/contract';
import { schema, type Db, type Tx } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, unauthenticated } from '../../http/errors';
import { decryptSecret, verifyAgainstDummy, verifyPassword } from '../../credentials/credentials';
import { finishSignIn } from './finish-sign-in';
import { claimAttempt, type AttemptClaim } from './login-attempts';
import { hasPasskey, loadStaffByEmail } from './staff-accounts';
import { matchTotpStep } from './totp';

const { staff } = schema;

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

/** Password (+ code): the attempt is claimed (counted) before anything is verified. */
async function passwordSignIn(
  db: Db,
  config: Config,
  body: LoginBody,
  ctx: RequestContext,
  attempt: AttemptClaim,
): Promise<LoginResult> {
  const found = await loadStaffByEmail(db, body.email);
  const passwordOk = found
    ? await verifyPassword(found.staff.passwordHash, body.password)
    : await verifyAgainstDummy(body.password);
  if (!found || !passwordOk) {
    await attempt.settle('password', false);
    throw unauthenticated('Invalid email or password');
  }
  const { staff: s, role } = found;
  if (s.status === 'pending')
    throw new AppError('FORBIDDEN', 'Confirm your account with the link in the setup e-mail first');
  if (s.status !== 'active') throw new AppError('FORBIDDEN', 'This account is disabled');
  // A role that requires passkeys: a member who has one signs in with it, never with password + TOTP.
  if (role.requirePasskey && (await hasPasskey(db, s.id))) {
    await db.transaction((tx) =>
      writeAudit(
        tx,
        { ...ctx, actor: { id: s.id, email: s.email } },
        {
          action: 'auth.login.refused',
          targetType: 'staff',
          targetId: s.id,
          after: { reason: 'passkey required', step: body.code ? 'code' : 'password' },
        },
      ),
    );
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
  return finishSignIn(db, s, role, ctx, { method: 'password', twoFactorPassed: s.totpEnabled });
}

/** Signs in with password (+ code), the attempt counted towards the lockout and released whatever the outcome. */
export async function login(db: Db, config: Config, body: LoginBody, ctx: RequestContext): Promise<LoginResult> {
  const ip = ctx.ip ?? 'unknown';
  const attempt = await claimAttempt(db, body.email, ip);
  try {
    return await passwordSignIn(db, config, body, ctx, attempt);
  } finally {
    await attempt.release();
  }
}
