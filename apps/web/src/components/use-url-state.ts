import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { parseUrlState, writeUrlState, type UrlChanges, type WriteOptions } from './url-state';

export type SetUrlStateOptions = {
  /** Keep the URL's other keys (default) or write only the given ones. */
  keep?: boolean;
  /** Replace the history entry instead of pushing one (default: push). */
  replace?: boolean;
  /** Keys removed when they hold these values (usually the defaults, e.g. `{ page: 1 }`). */
  omit?: WriteOptions['omit'];
};

/** Writes values back as text; the next read parses them with the schema again, so a bad value reads as its default. */
export type SetUrlState = (changes: UrlChanges, options?: SetUrlStateOptions) => void;

/**
 * The page's URL search params parsed with a contract query schema (see `parseUrlState`: an
 * invalid or missing value gives the schema's default), and a setter writing values back.
 * `defaults` are the setter's defaults; each call may override them. Pass module constants for
 * `schema` and `defaults.omit` so the values and the setter keep their identity between renders.
 */
export const useUrlState = <S extends z.ZodObject>(schema: S, defaults: SetUrlStateOptions = {}) => {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => parseUrlState(schema, params), [schema, params]);
  const { keep: keepDefault = true, replace: replaceDefault = false, omit: omitDefault } = defaults;
  const setValues = useCallback<SetUrlState>(
    (changes, options = {}) => {
      const { keep = keepDefault, replace = replaceDefault, omit = omitDefault } = options;
      setParams((prev) => writeUrlState(changes, { base: keep ? prev : undefined, omit }), { replace });
    },
    [setParams, keepDefault, replaceDefault, omitDefault],
  );
  return [values, setValues, params] as const;
};
