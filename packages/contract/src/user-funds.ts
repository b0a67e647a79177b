/** Profile actions that freeze or move money: savings locks, remittance, wallet resolution. */
import { z } from 'zod';
import { readableText, TEXT_LIMITS, textMessages } from './text';

/**
 * `lock` is the specification's value; `unlock` lets staff undo a lock (with a reason), so a
 * freeze never needs a database edit to lift.
 */
export const LOCK_STATUSES = ['lock', 'unlock'] as const;
export type LockStatus = (typeof LOCK_STATUSES)[number];

/** Currency codes of the remittance call: 1 = BUSD, 2 = VLT. */
export const REMITTANCE_CURRENCIES = { 1: 'BUSD', 2: 'VLT' } as const;
export type RemittanceCurrencyCode = keyof typeof REMITTANCE_CURRENCIES;

export const FUNDS_MESSAGES = {
  lockUpdated: 'updated successfully',
  remitted: { 1: 'BUSD remittance trigger done', 2: 'VLT remittance trigger done' },
  walletResolved: 'resolve action triggered',
} as const;

/** Digits before the point of an amount numeric(38,18) holds. */
export const AMOUNT_MAX_INTEGER_DIGITS = 20;
/** Digits after the point numeric(38,18) keeps. */
export const AMOUNT_MAX_DECIMALS = 18;

/**
 * What is wrong with an amount typed to lock, in words for the person who typed it, or null when
 * it is a positive decimal numeric(38,18) holds: the form and the API say the same, and each
 * names the one problem there is (not "at most 18 decimals" for a negative or a huge amount).
 */
export function lockAmountProblem(raw: string): string | null {
  const v = raw.trim();
  if (v === '') return 'Enter the amount to lock';
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(v);
  if (!m) return 'Enter the amount as a number, for example 12.5';
  const [, sign, int = '', fraction = ''] = m;
  if (sign === '-' || !/[1-9]/.test(int + fraction)) return 'The amount must be greater than 0';
  if (int.replace(/^0+/, '').length > AMOUNT_MAX_INTEGER_DIGITS)
    return `The amount is too large: at most ${AMOUNT_MAX_INTEGER_DIGITS} digits before the decimal point`;
  if (fraction.length > AMOUNT_MAX_DECIMALS) return `Enter an amount with at most ${AMOUNT_MAX_DECIMALS} decimals`;
  return null;
}

/**
 * A positive decimal with at most 18 fraction digits (numeric(38,18)); numbers are accepted as
 * sent by older clients (written out in full, so 1e30 reads as too large, not as malformed).
 */
const positiveAmount = z
  .union([z.string().max(TEXT_LIMITS.number, textMessages.tooLong('lockedAmount', TEXT_LIMITS.number)), z.number()])
  .transform((v) =>
    (typeof v === 'number' && Number.isFinite(v)
      ? v.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
      : String(v)
    ).trim(),
  )
  .pipe(
    z
      .string()
      .superRefine((v, ctx) => {
        const problem = lockAmountProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      // A plus sign or leading zeros are accepted as typed; the plan keeps the plain decimal.
      .transform((v) => v.replace(/^\+/, '').replace(/^0+(?=\d)/, '')),
  );

const comment = readableText('Comment', { max: 500, required: 'Enter a comment', lines: 'several' });
const lockStatus = z.enum(LOCK_STATUSES, { error: "lockStatus must be 'lock' or 'unlock'" });
/**
 * The plan's lock version on the staff member's screen (our addition, optional for the
 * specification's clients; the web app always sends it): the number of lock and unlock entries
 * the plan has had (`savings_lock_entries`). When the plan's lock changed since, the call is
 * refused with 409, so an unlock releases only a lock its author saw and a lock from a stale
 * screen does not re-freeze a plan someone has just cleared.
 */
const lockVersion = z
  .number({ error: 'lockVersion must be a whole number' })
  .int('lockVersion must be a whole number')
  .min(0, 'lockVersion cannot be negative');

export const lockFixedSavingsBody = z.object({
  fixedSavingsId: z.uuid({ error: 'Choose a fixed savings plan' }),
  lockedComment: comment,
  lockStatus,
  lockVersion: lockVersion.optional(),
});
export type LockFixedSavingsBody = z.input<typeof lockFixedSavingsBody>;

export const lockFlexibleSavingsBody = z
  .object({
    flexibleSavingsId: z.uuid({ error: 'Choose a flexible savings plan' }),
    /** Required to lock; ignored when unlocking (the whole locked amount is released). */
    lockedAmount: positiveAmount.optional(),
    lockedComment: comment,
    lockStatus,
    lockVersion: lockVersion.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.lockStatus === 'lock' && body.lockedAmount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['lockedAmount'], message: 'Enter the amount to lock' });
    }
  });
export type LockFlexibleSavingsBody = z.input<typeof lockFlexibleSavingsBody>;

/** The plan's lock fields after the change. */
export const savingsLockResult = z.object({
  _id: z.string(),
  planType: z.enum(['fixed', 'flexible']),
  locked: z.boolean(),
  /** Flexible plans only: the frozen part of the plan. */
  lockedAmount: z.string().nullable(),
  lockedComment: z.string().nullable(),
  lockedBy: z.string().nullable(),
  lockedAt: z.string().nullable(),
  unlockedBy: z.string().nullable(),
  unlockedAt: z.string().nullable(),
  /** The plan's lock version after the change (see the bodies' lockVersion). */
  lockVersion: z.number().int(),
});
export type SavingsLockResult = z.infer<typeof savingsLockResult>;

export const triggerRemittanceBody = z.object({
  userId: z.uuid({ error: 'Choose a customer' }),
  currency: z.literal([1, 2], { error: 'currency must be 1 (BUSD) or 2 (VLT)' }),
});
export type TriggerRemittanceBody = z.input<typeof triggerRemittanceBody>;

export const remittanceResult = z.object({
  _id: z.string(),
  userId: z.string(),
  currency: z.enum(['BUSD', 'VLT']),
  currencyCode: z.literal([1, 2]),
  amount: z.string(),
  status: z.string(),
  requestedBy: z.string(),
  createdAt: z.string(),
  /** One debit per wallet that held the currency. */
  debits: z.array(z.object({ walletId: z.string(), amount: z.string(), balanceAfter: z.string() })),
});
export type RemittanceResult = z.infer<typeof remittanceResult>;

export const resolveWalletBody = z.object({
  walletId: z.uuid({ error: 'Choose a wallet' }),
});
export type ResolveWalletBody = z.input<typeof resolveWalletBody>;

export const resolveWalletResult = z.object({
  walletId: z.string(),
  isActive: z.boolean(),
  /** The customer's oldest active wallet, which received the balances. */
  primaryWalletId: z.string(),
  moved: z.array(z.object({ currency: z.string(), amount: z.string() })),
});
export type ResolveWalletResult = z.infer<typeof resolveWalletResult>;
