import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { decryptSecret, encryptSecret } from '../../credentials/credentials';

/** A new client's public key id and its shared secret (shown once, kept sealed). */
export const newClientCredentials = () => ({
  keyId: `vdk_${randomBytes(12).toString('hex')}`,
  secret: `vds_${randomBytes(32).toString('base64url')}`,
});

export const sealClientSecret = (secretsKey: Buffer, secret: string) => encryptSecret(secretsKey, secret);
export const openClientSecret = (secretsKey: Buffer, sealed: string) => decryptSecret(secretsKey, sealed);

/** HMAC-SHA256 of `text` with `secret`, hex: what both the product calls and the webhooks carry. */
export const hmacHex = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text, 'utf8').digest('hex');

/** Constant-time comparison of two hex signatures (false for any length or shape mismatch). */
export function sameSignature(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(givenHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex.toLowerCase(), 'hex'));
}
