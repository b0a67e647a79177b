import { sql } from 'drizzle-orm';
import {
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEY_MESSAGES,
  PASSKEY_RECENT_SIGN_IN_MINUTES,
  type PasskeyRecord,
} from '@vaultdesk/contract';
import type { Db, Tx } from '@vaultdesk/db';
import type { AuthState } from '../../http/auth';
import { AppError, badRequest, conflict } from '../../http/errors';

/** What the passkey ceremonies share: the relying party, the challenges, the row and its view. */

/** ES256, EdDSA, RS256: what passkey providers use (the library would add ML-DSA where the runtime has it). */
export const ALGORITHMS = [-7, -8, -257];

/**
 * The relying party follows APP_URL: its host name is the RP ID (`localhost` for a local
 * start) and its origin the only origin a ceremony is accepted from.
 */
export const relyingParty = (appUrl: string) => {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin, name: 'Vaultdesk' };
};

export type RelyingParty = ReturnType<typeof relyingParty>;

/** The WebAuthn user handle of an account: its uuid's 16 bytes. */
export const userHandle = (staffId: string) => new Uint8Array(Buffer.from(staffId.replace(/-/g, ''), 'hex'));

export const ISO = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type PasskeyRow = {
  id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
  device_type: string;
  backed_up: boolean;
};
export const recordOut = (r: PasskeyRow): PasskeyRecord => ({
  _id: r.id,
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  deviceType: r.device_type,
  backedUp: r.backed_up,
});

/** The challenge the browser signed, read from its client data (verified against ours afterwards). */
export function challengeOf(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(data.challenge)) return data.challenge;
  } catch {
    // Not JSON: answered below like any other malformed client data.
  }
  throw badRequest('The passkey answer is malformed', {
    'response.response.clientDataJSON': ['Not the client data of a WebAuthn ceremony'],
  });
}

export const isRecent = (auth: AuthState) =>
  Date.now() - auth.signedInAt.getTime() <= PASSKEY_RECENT_SIGN_IN_MINUTES * 60_000;

export const assertRecent = (a: AuthState) => {
  if (!isRecent(a)) throw new AppError('FORBIDDEN', PASSKEY_MESSAGES.recentSignIn);
};

/** Stores a challenge (and sweeps the expired ones: the table stays a few minutes' worth). */
export const storeChallenge = (
  tx: Tx,
  challenge: string,
  purpose: 'register' | 'sign-in',
  owner?: { staffId: string; sessionId: string },
) =>
  tx.execute(sql`
    WITH swept AS (DELETE FROM webauthn_challenges WHERE expires_at < now())
    INSERT INTO webauthn_challenges (challenge, purpose, staff_id, session_id, expires_at)
    VALUES (${challenge}, ${purpose}, ${owner?.staffId ?? null}, ${owner?.sessionId ?? null}, now() + make_interval(secs => ${PASSKEY_CHALLENGE_SECONDS}))`);

/** Takes a challenge once: a second answer to it, or one after it expired, finds nothing. */
export const takeChallenge = async (
  db: Db,
  challenge: string,
  purpose: 'register' | 'sign-in',
  owner?: { staffId: string; sessionId: string },
) => {
  const { rows } = await db.execute<{ challenge: string }>(sql`
    DELETE FROM webauthn_challenges
     WHERE challenge = ${challenge} AND purpose = ${purpose} AND expires_at > now()
       ${owner ? sql`AND staff_id = ${owner.staffId} AND session_id = ${owner.sessionId}` : sql``}
    RETURNING challenge`);
  if (rows.length !== 1) throw conflict(PASSKEY_MESSAGES.expired);
};
