import type { Session } from './auth';

/**
 * The session kept in browser storage, checked without zod: the sign-in page reads it before
 * anything else, and zod would more than double what that page downloads. Agrees with the
 * `session` schema (stored-session.test.ts holds them together).
 */
export const parseStoredSession = (value: unknown): Session | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { token, expiresIn, enable2FA } = value as Record<string, unknown>;
  if (typeof token !== 'string' || typeof enable2FA !== 'boolean') return null;
  if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn)) return null;
  return { token, expiresIn, enable2FA };
};
