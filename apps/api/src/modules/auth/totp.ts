import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;

const totp = (secret: string, label = 'admin') =>
  new TOTP({
    issuer: 'Vaultdesk',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const totpUri = (secret: string, email: string) => totp(secret, email).toString();

/**
 * The time step the code belongs to (current step ±1 for clock drift), or null. The caller
 * stores the step so the same code is never accepted twice.
 */
export function matchTotpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}
