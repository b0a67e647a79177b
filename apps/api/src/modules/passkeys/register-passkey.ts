import { sql } from 'drizzle-orm';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_MAX_PER_ACCOUNT,
  PASSKEY_MESSAGES,
  type PasskeyOptions,
  type PasskeyRegistered,
} from '@vaultdesk/contract';
import type { Db } from '@vaultdesk/db';
import type { AuthState } from '../../http/auth';
import { writeAudit } from '../../audit-trail/audit-trail';
import type { RequestContext } from '../../http/context';
import { badRequest, conflict, isUniqueViolation } from '../../http/errors';
import {
  ALGORITHMS,
  assertRecent,
  challengeOf,
  ISO,
  recordOut,
  storeChallenge,
  takeChallenge,
  userHandle,
  type PasskeyRow,
  type RelyingParty,
} from './passkey-ceremony';

/** Registering a passkey: the options (and their challenge) first, then the browser's answer verified and stored. */

export async function registrationOptions(db: Db, rp: RelyingParty, a: AuthState, ctx: RequestContext) {
  assertRecent(a);
  const { rows: existing } = await db.execute<{ credential_id: string; transports: string[] }>(
    sql`SELECT credential_id, transports FROM staff_passkeys WHERE staff_id = ${a.staffId}`,
  );
  if (existing.length >= PASSKEY_MAX_PER_ACCOUNT)
    throw conflict(`An account has at most ${PASSKEY_MAX_PER_ACCOUNT} passkeys: remove one first`);
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
}

export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  a: AuthState,
  body: { name: string; response: RegistrationResponseJSON },
  ctx: RequestContext,
): Promise<PasskeyRegistered> {
  assertRecent(a);
  const challenge = challengeOf(body.response.response.clientDataJSON);
  await takeChallenge(db, challenge, 'register', { staffId: a.staffId, sessionId: a.sessionId });
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
    const {
      rows: [held],
    } = await tx.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM staff_passkeys WHERE staff_id = ${a.staffId}`,
    );
    if (held!.n >= PASSKEY_MAX_PER_ACCOUNT)
      throw conflict(`An account has at most ${PASSKEY_MAX_PER_ACCOUNT} passkeys: remove one first`);
    let row: PasskeyRow | undefined;
    try {
      ({
        rows: [row],
      } = (await tx.execute<PasskeyRow>(sql`
        INSERT INTO staff_passkeys (staff_id, credential_id, public_key, counter, transports, name, device_type, backed_up)
        VALUES (${a.staffId}, ${info.credential.id}, ${Buffer.from(info.credential.publicKey)}, ${info.credential.counter},
                ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(body.response.response.transports ?? [])}::jsonb)),
                ${body.name}, ${info.credentialDeviceType}, ${info.credentialBackedUp})
        RETURNING id, name, ${ISO('created_at')} AS created_at, ${ISO('last_used_at')} AS last_used_at, device_type, backed_up`)) as {
        rows: PasskeyRow[];
      });
    } catch (e) {
      if (isUniqueViolation(e, 'staff_passkeys_credential_id_unique'))
        throw conflict('This passkey is already registered');
      throw e;
    }
    // A session that had to register a passkey ends: its owner signs in again with the passkey.
    if (signInAgain)
      await tx.execute(
        sql`UPDATE staff_sessions SET revoked_at = now() WHERE id = ${a.sessionId} AND revoked_at IS NULL`,
      );
    await writeAudit(tx, ctx, {
      action: 'auth.passkey.register',
      targetType: 'passkey',
      targetId: row!.id,
      after: { name: row!.name, deviceType: row!.device_type, backedUp: row!.backed_up, sessionEnded: signInAgain },
    });
    return recordOut(row!);
  });
  return { passkey: record, signInAgain };
}
