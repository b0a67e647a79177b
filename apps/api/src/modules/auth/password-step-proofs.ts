import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The code step repeats the password (the sign-in protocol is stateless between its two calls).
 * Checking it again with the deliberately slow hash costs 10-50 ms on the way to the dashboard,
 * so an instance that has just accepted the password step remembers that it did: a keyed MAC of
 * (account, stored hash, password), in memory, for a few minutes. The code step of the same
 * account with the same password (and the same stored hash: a changed password ends the proof) is
 * then checked against the MAC. Anything else (another instance, a restart, an expired or missing
 * proof, a different password) takes the slow hash as before. The lockout count is untouched: the
 * attempt is claimed before either check.
 */
const PROOF_TTL_MS = 5 * 60_000;
/** Bounded: a burst of password steps cannot grow the process without limit (oldest dropped first). */
const MAX_PROOFS = 10_000;

// Never leaves the process: a MAC found in a memory dump cannot be tried offline without it.
const key = randomBytes(32);
const proofs = new Map<string, { mac: Buffer; expiresAt: number }>();

const macOf = (staffId: string, passwordHash: string, password: string) =>
  createHmac('sha256', key).update(staffId).update('\0').update(passwordHash).update('\0').update(password).digest();

/** After the password step of `staffId` succeeded with `password` against `passwordHash`. */
export function rememberPasswordStep(staffId: string, passwordHash: string, password: string, now = Date.now()) {
  proofs.delete(staffId);
  proofs.set(staffId, { mac: macOf(staffId, passwordHash, password), expiresAt: now + PROOF_TTL_MS });
  while (proofs.size > MAX_PROOFS) proofs.delete(proofs.keys().next().value!);
}

/** True when this instance accepted the same password for the same stored hash within the last minutes. */
export function passwordStepProven(staffId: string, passwordHash: string, password: string, now = Date.now()) {
  const proof = proofs.get(staffId);
  if (!proof) return false;
  if (proof.expiresAt <= now) {
    proofs.delete(staffId);
    return false;
  }
  return timingSafeEqual(proof.mac, macOf(staffId, passwordHash, password));
}

/** The sign-in finished (or the account changed): the proof is not kept beyond its use. */
export function forgetPasswordStep(staffId: string) {
  proofs.delete(staffId);
}
