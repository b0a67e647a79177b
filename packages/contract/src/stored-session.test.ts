import { describe, expect, it } from 'vitest';
import { session } from './auth';
import { parseStoredSession } from './stored-session';

const samples: unknown[] = [
  { token: 'abc', expiresIn: 1_900_000_000_000, enable2FA: true },
  { token: 'abc', expiresIn: 1_900_000_000_000, enable2FA: false, extra: 'dropped' },
  { token: '', expiresIn: 0, enable2FA: false },
  { token: 'abc', expiresIn: 1.5, enable2FA: true },
  { token: 'abc', expiresIn: '1900000000000', enable2FA: true },
  { token: 'abc', expiresIn: Number.NaN, enable2FA: true },
  { token: 'abc', expiresIn: Number.POSITIVE_INFINITY, enable2FA: true },
  { token: 42, expiresIn: 1, enable2FA: true },
  { token: 'abc', expiresIn: 1, enable2FA: 'yes' },
  { token: 'abc', expiresIn: 1 },
  [],
  null,
  'token',
  7,
];

describe('parseStoredSession', () => {
  it.each(samples.map((value) => [JSON.stringify(value) ?? String(value), value]))(
    'agrees with the session schema for %s',
    (_name, value) => {
      const parsed = session.safeParse(value);
      expect(parseStoredSession(value)).toEqual(parsed.success ? parsed.data : null);
    },
  );

  it('keeps only the three session fields', () => {
    expect(parseStoredSession({ token: 't', expiresIn: 5, enable2FA: true, role: 'Super Admin' })).toEqual({
      token: 't',
      expiresIn: 5,
      enable2FA: true,
    });
  });
});
