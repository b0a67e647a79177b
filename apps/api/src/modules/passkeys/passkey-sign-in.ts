import { sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import {
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_MESSAGES,
  type LoginResult,
  type PasskeyOptions,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, unauthenticated } from '../../http/errors';
import { assertNotLocked, claimAttempt, loadStaffByEmail, type AuthService } from '../auth/auth.service';
import { challengeOf, storeChallenge, takeChallenge, userHandle, type RelyingParty } from './passkey-ceremony';

/** Usernameless: no credentials are listed, the authenticator offers the passkeys it holds for Vaultdesk. */
export async function signInOptions(db: Db, rp: RelyingParty, ctx: RequestContext) {
  // A locked-out address starts no ceremony (and stores no challenge).
  await assertNotLocked(db, null, ctx.ip ?? 'unknown');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
  });
  await db.transaction((tx) => storeChallenge(tx, options.challenge, 'sign-in'));
  return options as unknown as PasskeyOptions;
}

/** Thrown inside the sign-in's transaction when the counter does not advance (a cloned credential): nothing of it is kept. */
class CounterNotAdvanced extends Error {}

/** Signs in with a passkey: the challenge taken once, the answer verified, the counter advanced in one guarded update. */
export async function signInWithPasskey(
  db: Db,
  rp: RelyingParty,
  auth: AuthService,
  response: AuthenticationResponseJSON,
  ctx: RequestContext,
): Promise<LoginResult> {
  const ip = ctx.ip ?? 'unknown';
  const challenge = challengeOf(response.response.clientDataJSON);
  await takeChallenge(db, challenge, 'sign-in');
  const {
    rows: [found],
  } = await db.execute<{
    passkey_id: string;
    public_key: Buffer;
    counter: string;
    transports: string[];
    staff_id: string;
    email: string;
  }>(sql`
    SELECT p.id AS passkey_id, p.public_key, p.counter, p.transports, s.id AS staff_id, s.email::text AS email
      FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id WHERE p.credential_id = ${response.id}`);
  if (!found) {
    // An unknown passkey counts against the address (a 429 once it is locked out).
    await (await claimAttempt(db, null, ip)).settle('passkey', false);
    throw unauthenticated(PASSKEY_MESSAGES.unknown);
  }
  const attempt = await claimAttempt(db, found.email, ip);
  try {
    const account = await loadStaffByEmail(db, found.email);
    if (!account) throw unauthenticated(PASSKEY_MESSAGES.unknown);
    const { staff: s, role } = account;

    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        // The counter is checked below, against the row, in one guarded update (two answers at once cannot both pass).
        credential: {
          id: response.id,
          publicKey: new Uint8Array(found.public_key),
          counter: 0,
          transports: found.transports,
        },
        requireUserVerification: true,
      });
      if (!verified.verified) throw new Error('not verified');
      if (
        response.response.userHandle &&
        response.response.userHandle !== Buffer.from(userHandle(s.id)).toString('base64url')
      ) {
        throw new Error('the user handle is not the passkey owner');
      }
      newCounter = verified.authenticationInfo.newCounter;
    } catch {
      await attempt.settle('passkey', false);
      throw unauthenticated(PASSKEY_MESSAGES.refused);
    }
    if (s.status === 'pending')
      throw new AppError('FORBIDDEN', 'Confirm your account with the link in the setup e-mail first');
    if (s.status !== 'active') throw new AppError('FORBIDDEN', 'This account is disabled');

    try {
      // The counter's advance, the attempt's outcome and the session commit together, once: a
      // failure of any part leaves none of them (the challenge stays taken, above).
      return await auth.finishSignIn(
        s,
        role,
        ctx,
        { method: 'passkey', twoFactorPassed: true, passkeyId: found.passkey_id },
        async (tx) => {
          // An authenticator that counts must present a higher count each time; one that does not count reports 0 forever.
          // Two answers at once wait on the row: the second sees the first's count once it has committed.
          const { rows: advanced } = await tx.execute(sql`
            UPDATE staff_passkeys SET counter = ${newCounter}, last_used_at = now()
             WHERE id = ${found.passkey_id} AND (counter < ${newCounter} OR (counter = 0 AND ${newCounter}::bigint = 0))
            RETURNING id`);
          if (advanced.length !== 1) throw new CounterNotAdvanced();
          // Settled once the session has committed: a rollback leaves the claim to release().
          return attempt.settleIn(tx, 'passkey', true);
        },
      );
    } catch (err) {
      if (!(err instanceof CounterNotAdvanced)) throw err;
      await attempt.settle('passkey', false);
      await db.transaction((tx) =>
        writeAudit(
          tx,
          { ...ctx, actor: { id: s.id, email: s.email } },
          {
            action: 'auth.passkey.counter-refused',
            targetType: 'passkey',
            targetId: found.passkey_id,
            before: { counter: Number(found.counter) },
            after: { presented: newCounter },
          },
        ),
      );
      throw unauthenticated(PASSKEY_MESSAGES.cloned);
    }
  } finally {
    await attempt.release();
  }
}
