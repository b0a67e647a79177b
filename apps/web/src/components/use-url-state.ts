import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { parseUrlState, writeUrlState, type Normalize, type UrlChanges, type UrlOmit } from './url-state';

export type SetUrlStateOptions = {
  /** Keep the URL's other keys (default) or write only the given ones. */
  keep?: boolean;
  /** Replace the history entry instead of pushing one (default: push). */
  replace?: boolean;
  /**
   * Keys removed when they hold these values (usually the defaults, e.g. `{ page: 1 }`); a
   * function is asked at each write, for a default that moves (today).
   */
  omit?: UrlOmit | (() => UrlOmit);
};

export type UrlStateOptions<S extends z.ZodObject> = SetUrlStateOptions & {
  /** The page's rule across keys, run after parsing (see `parseUrlState`). */
  normalize?: Normalize<S>;
};

/** Writes values back as text; the next read parses them with the schema again, so a bad value reads as its default. */
export type SetUrlState = (changes: UrlChanges, options?: SetUrlStateOptions) => void;

/**
 * The page's URL search params parsed with a contract query schema (see `parseUrlState`: an
 * invalid or missing value gives the schema's default), and a setter writing values back.
 * `defaults` are the setter's defaults; each call may override them. Pass module constants for
 * `schema`, `defaults.omit` and `defaults.normalize` so the values and the setter keep their
 * identity between renders.
 */
export const useUrlState = <S extends z.ZodObject>(schema: S, defaults: UrlStateOptions<S> = {}) => {
  const [params, setParams] = useSearchParams();
  const { keep: keepDefault = true, replace: replaceDefault = false, omit: omitDefault, normalize } = defaults;
  const values = useMemo(() => parseUrlState(schema, params, normalize), [schema, params, normalize]);
  const setValues = useCallback<SetUrlState>(
    (changes, options = {}) => {
      const { keep = keepDefault, replace = replaceDefault, omit: omitOption = omitDefault } = options;
      const omit = typeof omitOption === 'function' ? omitOption() : omitOption;
      setParams((prev) => writeUrlState(changes, { base: keep ? prev : undefined, omit }), { replace });
    },
    [setParams, keepDefault, replaceDefault, omitDefault],
  );
  return [values, setValues, params] as const;
};
