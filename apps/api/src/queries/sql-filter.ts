import { sql, type SQL } from 'drizzle-orm';

/**
 * A report's filter written once, as SQL with its values apart, so its list call and its export
 * read the same rows: `bound` gives the list its statement with bind parameters, `inlined` gives
 * the export (COPY takes no bind parameters) the same text with every value an escaped literal.
 */
export type SqlFilter = { readonly parts: readonly (string | { readonly value: string | number })[] };

const isFilter = (v: unknown): v is SqlFilter => typeof v === 'object' && v !== null && 'parts' in v;

/** `where\`t.created_at >= ${lo}::timestamptz\``: values become parameters; a nested filter (or `raw`) is written in place. */
export function where(strings: TemplateStringsArray, ...values: (string | number | SqlFilter)[]): SqlFilter {
  const parts: SqlFilter['parts'][number][] = [];
  strings.forEach((text, i) => {
    if (text) parts.push(text);
    if (i < values.length) {
      const v = values[i]!;
      if (isFilter(v)) parts.push(...v.parts);
      else parts.push({ value: v });
    }
  });
  return { parts };
}

/** SQL text written as is: column names and keywords chosen by the code, never a value from a request. */
export const raw = (text: string): SqlFilter => ({ parts: [text] });
export const NO_FILTER: SqlFilter = { parts: [] };

/** The filter with bind parameters, for a list's statement. */
export const bound = (f: SqlFilter): SQL =>
  sql.join(f.parts.map((p) => (typeof p === 'string' ? sql.raw(p) : sql`${p.value}`)));

/** The filter with its values inlined: strings through `lit` (the connection's escapeLiteral), integers as digits. */
export const inlined = (f: SqlFilter, lit: (value: string) => string): string =>
  f.parts
    .map((p) => {
      if (typeof p === 'string') return p;
      if (typeof p.value === 'number') {
        if (!Number.isSafeInteger(p.value)) throw new Error('export parameter is not a whole number');
        return String(p.value);
      }
      return lit(p.value);
    })
    .join('');
