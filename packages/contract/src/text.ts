import { z } from 'zod';

/**
 * Length limits for the strings the API accepts, by kind (docs/decisions/input-and-errors.md has the
 * table and the reasons). Every request string has one of these, or an enum, a format or an
 * anchored pattern that bounds it: an over-long value is bad input (400 naming the field), never
 * a query of its own.
 */
export const TEXT_LIMITS = {
  /** RFC 5321: a forward-path is at most 256 octets with its angle brackets. */
  email: 254,
  /** Names of people, roles, types, levels, providers, senders. */
  name: 100,
  /** Titles and subjects. */
  title: 200,
  /** One-line descriptions and previews. */
  description: 300,
  /** Staff comments, reasons, rejection messages. */
  note: 1000,
  /** What is typed into a search or filter box. */
  search: 200,
  /** Passwords, access codes and pins (hashed: the limit only stops abuse of the hash). */
  secret: 200,
  /** http(s) addresses (a newsletter's banner picture). */
  url: 1000,
  /** A number sent as a string (digits, a sign, a point). */
  number: 40,
  /** An ISO 8601 date-time with offset (2026-11-25T18:30:00.123456789+05:30 is 35). */
  dateTime: 40,
  /** A permission key of the catalogue (`admins.manage`). */
  permission: 100,
  /** A newsletter's HTML body, pictures inlined as links (the cleaned body is stored as sent). */
  newsletterBody: 200_000,
} as const;

/** The messages every bounded string gives, so a client reads what is wrong. */
export const textMessages = {
  required: (label: string) => `${label} is required`,
  notText: (label: string) => `${label} must be text`,
  tooShort: (label: string, min: number) => `${label} is too short: at least ${min} characters`,
  tooLong: (label: string, max: number) => `${label} is too long: at most ${max} characters`,
};

export type TextOptions = {
  /** Fewest characters after trimming (default 1: blank counts as missing). */
  min?: number;
  max: number;
  /** The message for a missing or blank value, where a specification gives one (verbatim). */
  required?: string;
  /** Trim surrounding white space before checking (default true; never for secrets). */
  trim?: boolean;
};

/**
 * A required string with a length limit whose messages say what is wrong: missing or blank is
 * "<label> is required" (or the specification's own message), shorter than `min` is "too short"
 * with the minimum, longer than `max` is "too long" with the maximum. The limits appear in the
 * OpenAPI document as minLength and maxLength.
 */
export function boundedText(
  label: string,
  { min = 1, max, required = textMessages.required(label), trim = true }: TextOptions,
) {
  const base = z.string({
    error: (iss) => (iss.input === undefined || iss.input === null ? required : textMessages.notText(label)),
  });
  const trimmed = trim ? base.trim() : base;
  const withMin =
    min > 0
      ? trimmed.min(min, {
          error: (iss) =>
            iss.input === '' || (typeof iss.input === 'string' && trim && iss.input.trim() === '')
              ? required
              : textMessages.tooShort(label, min),
        })
      : trimmed;
  return withMin.max(max, textMessages.tooLong(label, max));
}

/**
 * A string whose missing value reads "<label> is required" and whose wrong type reads "<label>
 * must be text"; the caller adds the pattern or enum that bounds it.
 */
export const textInput = (label: string, required = textMessages.required(label)) =>
  z.string({
    error: (iss) => (iss.input === undefined || iss.input === null ? required : textMessages.notText(label)),
  });

/** The error of a field sent as text or a number (a union): missing is required, anything else is `invalid`. */
export const requiredOr = (label: string, invalid: string) => (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null ? textMessages.required(label) : invalid;

/**
 * An optional string with a length limit (absent, or blank after trimming, reads as undefined).
 * Over-long is "too long" with the maximum.
 */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: textMessages.notText(label) })
    .trim()
    .max(max, textMessages.tooLong(label, max))
    .transform((v) => (v ? v : undefined))
    .optional();
}

/**
 * An e-mail address: trimmed, lower-cased, at most 254 characters ("too long" says so before
 * the shape is checked), then checked as an address. `invalid` and `required` default to the
 * console's wording; a specification's own messages are passed where it gives them.
 */
export function emailAddress(
  label = 'Email',
  {
    invalid = 'Enter a valid email',
    required = textMessages.required(label),
  }: { invalid?: string; required?: string } = {},
) {
  return z
    .string({
      error: (iss) => (iss.input === undefined || iss.input === null ? required : textMessages.notText(label)),
    })
    .trim()
    .min(1, required)
    .max(TEXT_LIMITS.email, textMessages.tooLong(label, TEXT_LIMITS.email))
    .toLowerCase()
    .pipe(z.email({ message: invalid }));
}
