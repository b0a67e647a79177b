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
import { forgetPasswordStep, passwordStepProven, rememberPasswordStep } from './password-step-proofs';
import { hasPasskey, loadStaffByEmail } from './staff-accounts';
import { matchTotpStep } from './totp';

const { staff } = schema;

/** Takes the code's step once: stored with a guarded update, so a replay (or a race) changes no row. */
async function takeTotpStep(tx: Tx, staffId: string, step: number): Promise<boolean> {
  const updated = await tx
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), sql`(${staff.totpLastStep} IS NULL OR ${staff.totpLastStep} < ${step})`))
    .returning({ id: staff.id });
  return updated.length === 1;
}

/** Thrown inside the sign-in's transaction when the code's step was already taken: nothing of it is kept. */
class CodeAlreadyUsed extends Error {}

/** Password (+ code): the attempt is claimed (counted) before anything is verified. */
async function passwordSignIn(
  db: Db,
  config: Config,
  body: LoginBody,
  ctx: RequestContext,
  attempt: AttemptClaim,
): Promise<LoginResult> {
  const found = await loadStaffByEmail(db, body.email);
  // The code step of a password step this instance just accepted: checked against its proof, not
  // the slow hash again (password-step-proofs.ts). Any other call takes the slow hash.
  const passwordOk = found
    ? (body.code !== undefined && passwordStepProven(found.staff.id, found.staff.passwordHash, body.password)) ||
      (await verifyPassword(found.staff.passwordHash, body.password))
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
    rememberPasswordStep(s.id, s.passwordHash, body.password);
    return { enable2FA: true, codeRequired: true };
  }
  const refuseCode = async (): Promise<never> => {
    await attempt.settle('code', false);
    throw unauthenticated('Invalid or already used authentication code');
  };
  const step = s.totpEnabled ? matchTotpStep(decryptSecret(config.secretsKey, s.totpSecretEnc!), body.code!) : null;
  if (s.totpEnabled && step === null) return refuseCode();
  try {
    // The code's step, the attempt's outcome and the session commit together, once.
    const result = await finishSignIn(
      db,
      s,
      role,
      ctx,
      { method: 'password', twoFactorPassed: s.totpEnabled },
      async (tx) => {
        if (step !== null && !(await takeTotpStep(tx, s.id, step))) throw new CodeAlreadyUsed();
        // Settled once the session has committed: a rollback leaves the claim to release().
        return attempt.settleIn(tx, s.totpEnabled ? 'code' : 'password', true);
      },
    );
    forgetPasswordStep(s.id);
    return result;
  } catch (err) {
    if (err instanceof CodeAlreadyUsed) return refuseCode();
    throw err;
  }
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
