import { createCipheriv, createDecipheriv, hash as digest, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON);
export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

/** Compared against when no account matches, so a missing account costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export const verifyAgainstDummy = async (password: string) => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
  return false;
};

/** Opaque 256-bit bearer tokens; only their SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
// One-shot digest: no Hash object per call (the guard hashes the bearer token on every request).
export const hashToken = (token: string) => digest('sha256', token, 'hex');

export const randomPassword = () => {
  // Satisfies the password rule: lower, upper, digit and symbol, 20 characters.
  const core = randomBytes(15).toString('base64url').replace(/[-_]/g, 'x');
  return `${core}A7#k`;
};

/** AES-256-GCM for secrets at rest (TOTP secrets): iv.tag.ciphertext in base64url. */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptSecret(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data) throw new Error('Malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
