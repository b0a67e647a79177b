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
  /** Text people read holds a character they cannot see (`code` is its U+ number). */
  invisible: (label: string, code: string) => `${label} contains an invisible or control character (${code})`,
  oneLine: (label: string) => `${label} must be on one line`,
  /** The NUL guard's wording (apps/api/src/http/nul-guard.ts), kept where a text rule finds one first. */
  nul: 'Must not contain a NUL character',
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

// ---- Text people read -------------------------------------------------------------------------

/**
 * Emoji joined into one picture: a pictograph (with its variation selector or skin tone) joined to
 * the next by U+200D ZERO WIDTH JOINER (👩‍💻, 🏳️‍🌈), and a subdivision flag (🏴 + tag letters +
 * U+E007F, 🏴󠁧󠁢󠁳󠁣󠁴󠁿). Their format characters draw one visible emoji, so they are allowed; any other
 * use of U+200D or a tag character is refused.
 */
const EMOJI = String.raw`\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?`;
const EMOJI_SEQUENCE = String.raw`${EMOJI}(?:\u200D${EMOJI})+|\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}`;
/**
 * Characters refused in every text people read: format characters (Unicode Cf: bidirectional
 * overrides, embeddings, isolates and marks U+202A-202E, U+2066-2069, U+200E/200F/061C; zero-width
 * U+200B-200D, U+2060, U+FEFF, U+180E; soft hyphen, tags, ...), lone surrogates, and the
 * invisible letters and joiners that render as nothing (U+034F, U+115F, U+1160, U+17B4, U+17B5,
 * U+3164, U+FFA0).
 */
const INVISIBLE = String.raw`\p{Cf}\uD800-\uDFFF\u034F\u115F\u1160\u17B4\u17B5\u3164\uFFA0`;
/** Control characters (Unicode Cc) refused on one line: all of them but CR and LF (the line rule says those). */
const CONTROLS_ONE_LINE = String.raw`\x00-\x09\x0B\x0C\x0E-\x1F\x7F-\x9F`;
/** ... and in text of several lines: all but tab, LF and CR; the Unicode line separators too. */
const CONTROLS_LINES = String.raw`\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u2028\u2029`;
const whole = (refused: string) => new RegExp(`^(?:${EMOJI_SEQUENCE}|[^${refused}])*$`, 'u');

/**
 * The one definition of "text people read" (names, titles, subjects, descriptions, bodies, notes,
 * reasons): the patterns a value must match, which the OpenAPI document shows as they are.
 * `oneLine` is for a field shown on one line, `lines` for one that may hold several (line feed,
 * carriage return and tab allowed); `lineBreak` is what a one-line field refuses besides.
 */
export const READABLE_TEXT = {
  oneLine: whole(CONTROLS_ONE_LINE + INVISIBLE),
  lines: whole(CONTROLS_LINES + INVISIBLE),
  lineBreak: /^[^\n\r\u0085\u2028\u2029]*$/u,
} as const;

// The classes list joiners, selectors and modifiers one by one on purpose: no character is combined.
/* eslint-disable no-misleading-character-class */
const EMOJI_SEQUENCES = new RegExp(EMOJI_SEQUENCE, 'gu');
const REFUSED_ONE_LINE = new RegExp(`[${CONTROLS_ONE_LINE}${INVISIBLE}\\n\\r\\u0085\\u2028\\u2029]`, 'u');
const REFUSED_LINES = new RegExp(`[${CONTROLS_LINES}${INVISIBLE}]`, 'u');
/* eslint-enable no-misleading-character-class */

export type ReadableLines = 'one' | 'several';

/**
 * The first character of `value` that text people read may not hold, as "U+202E", or null when
 * there is none. A line break counts on one line only.
 */
export function unreadableCharacter(value: string, lines: ReadableLines = 'one'): string | null {
  const found = (lines === 'one' ? REFUSED_ONE_LINE : REFUSED_LINES).exec(value.replace(EMOJI_SEQUENCES, ''));
  if (!found) return null;
  return `U+${found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Adds the rule of text people read to a string schema: an invisible, format or control character
 * is "<Label> contains an invisible or control character (U+…)"; a line break where the field is
 * one line is "<Label> must be on one line". A NUL reads as the NUL guard says it. Checked after
 * the schema's own trim and length checks.
 */
export function readable<S extends z.ZodString>(schema: S, label: string, lines: ReadableLines = 'one'): S {
  const invisible = (iss: { input?: unknown }) => {
    const v = typeof iss.input === 'string' ? iss.input : '';
    if (v.includes('\u0000')) return textMessages.nul;
    // On one line the line rule speaks for CR, LF and the line separators.
    const code = unreadableCharacter(lines === 'one' ? v.replace(/[\n\r\u2028\u2029]/gu, '') : v, lines);
    return textMessages.invisible(label, code ?? 'U+FFFD');
  };
  const checked = schema.regex(lines === 'one' ? READABLE_TEXT.oneLine : READABLE_TEXT.lines, { error: invisible });
  return (lines === 'one' ? checked.regex(READABLE_TEXT.lineBreak, textMessages.oneLine(label)) : checked) as S;
}

/** `boundedText` for text people read: one line unless `lines: 'several'`. */
export function readableText(label: string, { lines = 'one', ...options }: TextOptions & { lines?: ReadableLines }) {
  return readable(boundedText(label, options), label, lines);
}

/** `optionalText` for text people read (absent or blank is undefined). */
export function optionalReadableText(label: string, max: number, lines: ReadableLines = 'one') {
  return readable(
    z
      .string({ error: textMessages.notText(label) })
      .trim()
      .max(max, textMessages.tooLong(label, max)),
    label,
    lines,
  )
    .transform((v) => (v ? v : undefined))
    .optional();
}
