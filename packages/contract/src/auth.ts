import { z } from 'zod';
import { boundedText, emailAddress, TEXT_LIMITS, textInput, textMessages } from './text';

const email = emailAddress('Email');

export const loginBody = z.object({
  email,
  password: boundedText('Password', { max: TEXT_LIMITS.secret, trim: false }),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits')
    .optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const authRole = z.object({
  name: z.string(),
  slug: z.string(),
  permissions: z.array(z.string()),
});
export const authUser = z.object({ id: z.string(), email: z.string(), fullName: z.string() });

/** The session the browser keeps: token, expiresIn (epoch ms) and enable2FA. */
export const session = z.object({
  token: z.string(),
  expiresIn: z.number().int(),
  enable2FA: z.boolean(),
});
export type Session = z.infer<typeof session>;

/**
 * Answer of POST /admin/login. When the account has two-factor enabled and no code was sent,
 * the answer carries `codeRequired: true` and no token; the client asks for the code and calls again.
 */
export const loginResult = z.object({
  token: z.string().optional(),
  expiresIn: z.number().int().optional(),
  enable2FA: z.boolean(),
  codeRequired: z.boolean(),
  mustChangePassword: z.boolean().optional(),
  /** As `me`'s: the role requires passkeys and this session was opened without one. */
  passkeySetupRequired: z.boolean().optional(),
  user: authUser.optional(),
  authRole: authRole.optional(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const me = z.object({
  user: authUser,
  authRole,
  enable2FA: z.boolean(),
  mustChangePassword: z.boolean(),
  /** The role requires passkeys and this session was not opened with one: only passkey registration and sign-out are open. */
  passkeySetupRequired: z.boolean(),
  expiresIn: z.number().int(),
});
export type Me = z.infer<typeof me>;

export const twoFactorStart = z.object({ qr: z.string(), secret: z.string() });
export type TwoFactorStart = z.infer<typeof twoFactorStart>;
export const twoFactorCreateBody = z.object({
  secret: boundedText('Secret', { min: 16, max: 64 }),
  code: textInput('Code')
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
  password: boundedText('Password', { max: TEXT_LIMITS.secret, trim: false }),
});
export type TwoFactorCreateBody = z.infer<typeof twoFactorCreateBody>;

/** The server's password rule (the client checks only presence). */
export const strongPassword = z
  .string({
    error: (iss) => (iss.input == null ? textMessages.required('Password') : textMessages.notText('Password')),
  })
  .min(12, textMessages.tooShort('Password', 12))
  .max(TEXT_LIMITS.secret, textMessages.tooLong('Password', TEXT_LIMITS.secret))
  .regex(/[a-z]/, 'At least one lower-case letter')
  .regex(/[A-Z]/, 'At least one upper-case letter')
  .regex(/\d/, 'At least one digit')
  .regex(/[^A-Za-z0-9]/, 'At least one symbol');

export const passwordUpdateBody = z
  .object({
    currentPassword: boundedText('Current password', { max: TEXT_LIMITS.secret, trim: false }),
    password: strongPassword,
    confirmPassword: boundedText('Confirm password', {
      max: TEXT_LIMITS.secret,
      trim: false,
      required: 'Confirm the new password',
    }),
  })
  .refine((b) => b.password === b.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords that you entered do not match!',
  })
  .refine((b) => b.password !== b.currentPassword, {
    path: ['password'],
    message: 'The new password must differ from the current one',
  });

export type PasswordUpdateBody = z.infer<typeof passwordUpdateBody>;
export const passwordUpdateResult = z.object({ otherSessionsRevoked: z.number().int() });
export type PasswordUpdateResult = z.infer<typeof passwordUpdateResult>;

export const confirmAdminQuery = z.object({ token: boundedText('Token', { min: 20, max: 200 }) });
