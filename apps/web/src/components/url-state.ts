import { z } from 'zod';

/**
 * The page's state in its URL, parsed with the contract's query schemas (the same ones the API
 * parses with), so a link, a reload or the back button shows what was on screen.
 *
 * Pure functions here (unit-tested by Vitest); the React hook is `use-url-state.ts`.
 */

/** What a setter may write for one key: nothing (`undefined`, `null`, `''`) removes the key. */
export type UrlValue = string | number | boolean | null | undefined;
export type UrlChanges = Record<string, UrlValue>;
export type UrlOmit = Record<string, UrlValue>;

/**
 * Each key of `schema` read from `params` on its own: a missing or invalid value gives the
 * field's default (`.default(...)`), or `undefined` where the field has none. One bad key never
 * throws nor spoils the others, so a hand-edited URL still draws the page.
 */
export const parseUrlState = <S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
  normalize?: Normalize<S>,
): z.output<S> => {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = params.get(key);
    const parsed = raw === null ? undefined : field.safeParse(raw);
    if (parsed?.success) {
      out[key] = parsed.data;
      continue;
    }
    const fallback = field.safeParse(undefined);
    out[key] = fallback.success ? fallback.data : undefined;
  }
  return normalize ? normalize(out as z.output<S>) : (out as z.output<S>);
};

/**
 * A page's rule across keys, run after each key is parsed on its own: it answers the values the
 * page uses (e.g. a start after the end falls back to the default start).
 */
export type Normalize<S extends z.ZodObject> = (values: z.output<S>) => z.output<S>;

/**
 * A whole number read from the URL the way `Number(text)` reads it (' 3 ', '1e2'; '' is no
 * number): `min` or more, else the field's fallback; above `max` it is clamped to `max`, so a
 * link past the last page shows the last page rather than the first. Add `.default(n)` for the
 * fallback. Unlike `z.coerce.number().int()` it takes any integer `Number` gives, not only safe ones.
 */
export const urlInt = ({ min = 1, max }: { min?: number; max?: number } = {}) =>
  z
    .string()
    .refine((s) => s !== '')
    .transform(Number)
    .refine((n) => Number.isInteger(n) && n >= min)
    .transform((n) => (max === undefined ? n : Math.min(n, max)));

/** Text trimmed; blank reads as `undefined`. */
export const urlText = z
  .string()
  .trim()
  .transform((s) => s || undefined);

/** A day written `YYYY-MM-DD` (the pattern only: the API answers an impossible day). */
export const urlDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The defaults of `schema`: what `parseUrlState` answers for an empty URL. */
export const urlDefaults = <S extends z.ZodObject>(schema: S): z.output<S> =>
  parseUrlState(schema, new URLSearchParams());

export type WriteOptions = {
  /** Start from these params (keep the other keys); without it the URL holds only `changes`. */
  base?: URLSearchParams;
  /** Keys whose value equals one of these is removed (e.g. `{ page: 1 }` keeps `?page=1` out of the URL). */
  omit?: UrlOmit;
};

/** The search params after `changes`: keys set in their order, empty ones and omitted defaults removed. */
export const writeUrlState = (changes: UrlChanges, { base, omit }: WriteOptions = {}): URLSearchParams => {
  const out = new URLSearchParams(base);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '' || (omit && key in omit && omit[key] === value))
      out.delete(key);
    else out.set(key, String(value));
  }
  return out;
};
