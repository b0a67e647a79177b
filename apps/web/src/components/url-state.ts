import type { z } from 'zod';

/**
 * The page's state in its URL, parsed with the contract's query schemas (the same ones the API
 * parses with), so a link, a reload or the back button shows what was on screen.
 *
 * Pure functions here (unit-tested by Vitest); the React hook is `use-url-state.ts`.
 */

/** What a setter may write for one key: nothing (`undefined`, `null`, `''`) removes the key. */
export type UrlValue = string | number | boolean | null | undefined;
export type UrlChanges = Record<string, UrlValue>;

/**
 * Each key of `schema` read from `params` on its own: a missing or invalid value gives the
 * field's default (`.default(...)`), or `undefined` where the field has none. One bad key never
 * throws nor spoils the others, so a hand-edited URL still draws the page.
 */
export const parseUrlState = <S extends z.ZodObject>(schema: S, params: URLSearchParams): z.output<S> => {
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
  return out as z.output<S>;
};

/** The defaults of `schema`: what `parseUrlState` answers for an empty URL. */
export const urlDefaults = <S extends z.ZodObject>(schema: S): z.output<S> => parseUrlState(schema, new URLSearchParams());

export type WriteOptions = {
  /** Start from these params (keep the other keys); without it the URL holds only `changes`. */
  base?: URLSearchParams;
  /** Keys whose value equals one of these is removed (e.g. `{ page: 1 }` keeps `?page=1` out of the URL). */
  omit?: Record<string, UrlValue>;
};

/** The search params after `changes`: keys set in their order, empty ones and omitted defaults removed. */
export const writeUrlState = (changes: UrlChanges, { base, omit }: WriteOptions = {}): URLSearchParams => {
  const out = new URLSearchParams(base);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '' || (omit && key in omit && omit[key] === value)) out.delete(key);
    else out.set(key, String(value));
  }
  return out;
};
