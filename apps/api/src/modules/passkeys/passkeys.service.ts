import { sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_MAX_PER_ACCOUNT,
  PASSKEY_MESSAGES,
  PASSKEY_RECENT_SIGN_IN_MINUTES,
  type LoginResult,
  type PasskeyList,
  type PasskeyOptions,
  type PasskeyRecord,
  type PasskeyRegistered,
} from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import type { Config } from '../../config/config';
import type { AuthState } from '../../http/auth';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { AppError, badRequest, conflict, isUniqueViolation, unauthenticated } from '../../http/errors';
import { assertNotLocked, claimAttempt, loadStaffByEmail, type AuthService } from '../auth/auth.service';

/** ES256, EdDSA, RS256: what passkey providers use (the library would add ML-DSA where the runtime has it). */
const ALGORITHMS = [-7, -8, -257];

/**
 * The relying party follows APP_URL: its host name is the RP ID (`localhost` for a local
 * start) and its origin the only origin a ceremony is accepted from.
 */
export const relyingParty = (appUrl: string) => {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin, name: 'Vaultdesk' };
};

/** The WebAuthn user handle of an account: its uuid's 16 bytes. */
const userHandle = (staffId: string) => new Uint8Array(Buffer.from(staffId.replace(/-/g, ''), 'hex'));

const ISO = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type PasskeyRow = { id: string; name: string; created_at: string; last_used_at: string | null; device_type: string; backed_up: boolean };
const recordOut = (r: PasskeyRow): PasskeyRecord => ({
  _id: r.id, name: r.name, createdAt: r.created_at, lastUsedAt: r.last_used_at, deviceType: r.device_type, backedUp: r.backed_up,
});

/** The challenge the browser signed, read from its client data (verified against ours afterwards). */
function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(data.challenge)) return data.challenge;
  } catch {
    // Not JSON: answered below like any other malformed client data.
  }
  throw badRequest('The passkey answer is malformed', { 'response.response.clientDataJSON': ['Not the client data of a WebAuthn ceremony'] });
}

const isRecent = (auth: AuthState) => Date.now() - auth.signedInAt.getTime() <= PASSKEY_RECENT_SIGN_IN_MINUTES * 60_000;

export function createPasskeysService(db: Db, config: Config, auth: AuthService) {
  const rp = relyingParty(config.appUrl);

  /** Stores a challenge (and sweeps the expired ones: the table stays a few minutes' worth). */
  const storeChallenge = (tx: Tx, challenge: string, purpose: 'register' | 'sign-in', owner?: { staffId: string; sessionId: string }) =>
    tx.execute(sql`
      WITH swept AS (DELETE FROM webauthn_challenges WHERE expires_at < now())
      INSERT INTO webauthn_challenges (challenge, purpose, staff_id, session_id, expires_at)
      VALUES (${challenge}, ${purpose}, ${owner?.staffId ?? null}, ${owner?.sessionId ?? null}, now() + make_interval(secs => ${PASSKEY_CHALLENGE_SECONDS}))`);

  /** Takes a challenge once: a second answer to it, or one after it expired, finds nothing. */
  const takeChallenge = async (challenge: string, purpose: 'register' | 'sign-in', owner?: { staffId: string; sessionId: string }) => {
    const { rows } = await db.execute<{ challenge: string }>(sql`
      DELETE FROM webauthn_challenges
       WHERE challenge = ${challenge} AND purpose = ${purpose} AND expires_at > now()
         ${owner ? sql`AND staff_id = ${owner.staffId} AND session_id = ${owner.sessionId}` : sql``}
      RETURNING challenge`);
    if (rows.length !== 1) throw conflict(PASSKEY_MESSAGES.expired);
  };

  const assertRecent = (a: AuthState) => {
    if (!isRecent(a)) throw new AppError('FORBIDDEN', PASSKEY_MESSAGES.recentSignIn);
  };

  return {
    relyingParty: rp,

    async list(a: AuthState): Promise<PasskeyList> {
      const [{ rows }, { rows: [role] }] = await Promise.all([
        db.execute<PasskeyRow>(sql`
          SELECT id, name, ${ISO('created_at')} AS created_at, ${ISO('last_used_at')} AS last_used_at, device_type, backed_up
            FROM staff_passkeys WHERE staff_id = ${a.staffId} ORDER BY created_at, id`),
        db.execute<{ require_passkey: boolean }>(sql`SELECT r.require_passkey FROM staff s JOIN roles r ON r.id = s.role_id WHERE s.id = ${a.staffId}`),
      ]);
      return { records: rows.map(recordOut), required: !!role?.require_passkey, canAdd: isRecent(a) && rows.length < PASSKEY_MAX_PER_ACCOUNT };
    },

    async registrationOptions(a: AuthState, ctx: RequestContext) {
      assertRecent(a);
      const { rows: existing } = await db.execute<{ credential_id: string; transports: string[] }>(
        sql`SELECT credential_id, transports FROM staff_passkeys WHERE staff_id = ${a.staffId}`,
      );
      if (existing.length >= PASSKEY_MAX_PER_ACCOUNT) throw conflict(`An account has at most ${PASSKEY_MAX_PER_ACCOUNT} passkeys: remove one first`);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: a.email,
        userID: userHandle(a.staffId),
        userDisplayName: a.fullName,
        timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
        attestationType: 'none',
        // The same authenticator twice is refused by the browser before it asks the person.
        excludeCredentials: existing.map((c) => ({ id: c.credential_id, transports: c.transports })),
        // Discoverable (sign-in without typing the e-mail) and verified (PIN or biometrics): it replaces password + TOTP.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: ALGORITHMS,
      });
      await db.transaction(async (tx) => {
        await storeChallenge(tx, options.challenge, 'register', { staffId: a.staffId, sessionId: a.sessionId });
        await writeAudit(tx, ctx, { action: 'auth.passkey.register-start', targetType: 'staff', targetId: a.staffId });
      });
      return options as unknown as PasskeyOptions & { rp: unknown; user: unknown; pubKeyCredParams: unknown };
    },

    async register(a: AuthState, body: { name: string; response: RegistrationResponseJSON }, ctx: RequestContext): Promise<PasskeyRegistered> {
      assertRecent(a);
      const challenge = challengeOf(body.response.response.clientDataJSON);
      await takeChallenge(challenge, 'register', { staffId: a.staffId, sessionId: a.sessionId });
      let info;
      try {
        const verified = await verifyRegistrationResponse({
          response: body.response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
          supportedAlgorithmIDs: ALGORITHMS,
        });
        if (!verified.verified) throw new Error('not verified');
        info = verified.registrationInfo;
      } catch (e) {
        throw badRequest(`${PASSKEY_MESSAGES.refused}: ${e instanceof Error ? e.message : String(e)}`);
      }
      const signInAgain = a.passkeySetupRequired;
      const record = await db.transaction(async (tx) => {
        // The account row is the lock that keeps two registrations from passing the limit together.
        await tx.execute(sql`SELECT id FROM staff WHERE id = ${a.staffId} FOR UPDATE`);
        const { rows: [held] } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM staff_passkeys WHERE staff_id = ${a.staffId}`);
        if (held!.n >= PASSKEY_MAX_PER_ACCOUNT) throw conflict(`An account has at most ${PASSKEY_MAX_PER_ACCOUNT} passkeys: remove one first`);
        let row: PasskeyRow | undefined;
        try {
          ({ rows: [row] } = await tx.execute<PasskeyRow>(sql`
            INSERT INTO staff_passkeys (staff_id, credential_id, public_key, counter, transports, name, device_type, backed_up)
            VALUES (${a.staffId}, ${info.credential.id}, ${Buffer.from(info.credential.publicKey)}, ${info.credential.counter},
                    ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(body.response.response.transports ?? [])}::jsonb)),
                    ${body.name}, ${info.credentialDeviceType}, ${info.credentialBackedUp})
            RETURNING id, name, ${ISO('created_at')} AS created_at, ${ISO('last_used_at')} AS last_used_at, device_type, backed_up`) as { rows: PasskeyRow[] });
        } catch (e) {
          if (isUniqueViolation(e, 'staff_passkeys_credential_id_unique')) throw conflict('This passkey is already registered');
          throw e;
        }
        // A session that had to register a passkey ends: its owner signs in again with the passkey.
        if (signInAgain) await tx.execute(sql`UPDATE staff_sessions SET revoked_at = now() WHERE id = ${a.sessionId} AND revoked_at IS NULL`);
        await writeAudit(tx, ctx, {
          action: 'auth.passkey.register', targetType: 'passkey', targetId: row!.id,
          after: { name: row!.name, deviceType: row!.device_type, backedUp: row!.backed_up, sessionEnded: signInAgain },
        });
        return recordOut(row!);
      });
      return { passkey: record, signInAgain };
    },

    async remove(a: AuthState, id: string, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const { rows: [gone] } = await tx.execute<{ id: string; name: string; created_at: string; last_used_at: string | null }>(sql`
          DELETE FROM staff_passkeys WHERE id = ${id} AND staff_id = ${a.staffId}
          RETURNING id, name, ${ISO('created_at')} AS created_at, ${ISO('last_used_at')} AS last_used_at`);
        // Someone else's passkey is as unknown as one that does not exist.
        if (!gone) throw new AppError('NOT_FOUND', 'Passkey not found');
        await writeAudit(tx, ctx, {
          action: 'auth.passkey.remove', targetType: 'passkey', targetId: gone.id,
          before: { name: gone.name, createdAt: gone.created_at, lastUsedAt: gone.last_used_at },
        });
        return { _id: gone.id, name: gone.name };
      });
    },

    /** Usernameless: no credentials are listed, the authenticator offers the passkeys it holds for Vaultdesk. */
    async signInOptions(ctx: RequestContext) {
      // A locked-out address starts no ceremony (and stores no challenge).
      await assertNotLocked(db, null, ctx.ip ?? 'unknown');
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: PASSKEY_CHALLENGE_SECONDS * 1000 });
      await db.transaction((tx) => storeChallenge(tx, options.challenge, 'sign-in'));
      return options as unknown as PasskeyOptions;
    },

    async signIn(response: AuthenticationResponseJSON, ctx: RequestContext): Promise<LoginResult> {
      const ip = ctx.ip ?? 'unknown';
      const challenge = challengeOf(response.response.clientDataJSON);
      await takeChallenge(challenge, 'sign-in');
      const { rows: [found] } = await db.execute<{ passkey_id: string; public_key: Buffer; counter: string; transports: string[]; staff_id: string; email: string }>(sql`
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
            credential: { id: response.id, publicKey: new Uint8Array(found.public_key), counter: 0, transports: found.transports },
            requireUserVerification: true,
          });
          if (!verified.verified) throw new Error('not verified');
          if (response.response.userHandle && response.response.userHandle !== Buffer.from(userHandle(s.id)).toString('base64url')) {
            throw new Error('the user handle is not the passkey owner');
          }
          newCounter = verified.authenticationInfo.newCounter;
        } catch {
          await attempt.settle('passkey', false);
          throw unauthenticated(PASSKEY_MESSAGES.refused);
        }
        if (s.status === 'pending') throw new AppError('FORBIDDEN', 'Confirm your account with the link in the setup e-mail first');
        if (s.status !== 'active') throw new AppError('FORBIDDEN', 'This account is disabled');

        // An authenticator that counts must present a higher count each time; one that does not count reports 0 forever.
        const { rows: advanced } = await db.execute(sql`
          UPDATE staff_passkeys SET counter = ${newCounter}, last_used_at = now()
           WHERE id = ${found.passkey_id} AND (counter < ${newCounter} OR (counter = 0 AND ${newCounter}::bigint = 0))
          RETURNING id`);
        if (advanced.length !== 1) {
          await attempt.settle('passkey', false);
          await db.transaction((tx) => writeAudit(tx, { ...ctx, actor: { id: s.id, email: s.email } }, {
            action: 'auth.passkey.counter-refused', targetType: 'passkey', targetId: found.passkey_id,
            before: { counter: Number(found.counter) }, after: { presented: newCounter },
          }));
          throw unauthenticated(PASSKEY_MESSAGES.cloned);
        }
        await attempt.settle('passkey', true);
        return await auth.finishSignIn(s, role, ctx, { method: 'passkey', twoFactorPassed: true, passkeyId: found.passkey_id });
      } finally {
        await attempt.release();
      }
    },
  };
}
