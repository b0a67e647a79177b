import { z } from 'zod';
import { caseNote } from './notes';
import { emailAddress, readableText, TEXT_LIMITS } from './text';

/** The signed-in staff member's own profile: Info and Update tabs. */

export const adminProfile = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.string(),
  enable2FA: z.boolean(),
  createdAt: z.string(),
  /** Newest first: sign-in attempts on this account (successful and failed). */
  lastSignIns: z.array(z.object({ at: z.string(), ip: z.string(), step: z.string(), success: z.boolean() })),
  /** Sessions still open, newest first; `current` is the one making this call. */
  sessions: z.array(
    z.object({
      _id: z.string(),
      createdAt: z.string(),
      expiresAt: z.string(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      current: z.boolean(),
    }),
  ),
});
export type AdminProfile = z.infer<typeof adminProfile>;

export const updateAdminProfileBody = z.object({
  fullName: readableText('Name', { min: 2, max: TEXT_LIMITS.name, required: 'Please input your name!' }),
});
export type UpdateAdminProfileBody = z.input<typeof updateAdminProfileBody>;
export const PROFILE_UPDATED = 'updated successfully';
export const SESSIONS_SIGNED_OUT = 'Other sessions signed out';
export const signOutOthersResult = z.object({ revoked: z.number().int() });

/** Activity search: a customer's activity by e-mail. */
export const finderQuery = z.object({
  email: emailAddress('E-mail', { required: 'Please input your E-mail!', invalid: 'The input is not valid E-mail!' }),
});
export type FinderQuery = z.input<typeof finderQuery>;
export const FINDER_LIMIT = 50;
export const finderResult = z.object({
  user: z
    .object({
      _id: z.string(),
      fullName: z.string(),
      username: z.string(),
      email: z.string(),
      createdAt: z.string(),
      deactivated: z.boolean(),
    })
    .nullable(),
  signIns: z.array(z.object({ at: z.string(), country: z.string().nullable(), device: z.string().nullable() })),
  transactions: z.array(
    z.object({
      _id: z.string(),
      kind: z.enum(['wallet', 'savings']),
      amount: z.string(),
      currency: z.string(),
      transactionState: z.number().int(),
      description: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  staffActions: z.array(
    z.object({
      _id: z.string(),
      at: z.string(),
      actorEmail: z.string().nullable(),
      action: z.string(),
      targetType: z.string(),
      targetId: z.string().nullable(),
    }),
  ),
  /** The newest notes staff wrote on the customer and (for readers of KYC) on their KYC case. */
  notes: z.array(caseNote),
});
export type FinderResult = z.infer<typeof finderResult>;
